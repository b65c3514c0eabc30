import type { NextFunction, Request, Response } from 'express';
import type { HstsMode } from '../config/app.config.js';

/** helmet's value: a year, subdomains included. */
const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Strict-Transport-Security only where it means something: browsers ignore it over plain HTTP, and a server
 * reached over plain HTTP (http://localhost:3000) must not pin a name to HTTPS it does not serve. `https` looks
 * at the request itself (req.secure, which believes X-Forwarded-Proto only when TRUST_PROXY is set).
 */
export function strictTransportSecurity(mode: HstsMode) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (mode === 'always' || (mode === 'https' && req.secure)) res.setHeader('Strict-Transport-Security', HSTS_VALUE);
    next();
  };
}
