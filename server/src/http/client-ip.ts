import type { Request } from 'express';

/** The caller's address as express sees it (behind a proxy only when TRUST_PROXY is set). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
