import type { Request } from 'express';
import type { UserRow } from '../../db/schema/index.js';
import type { AuthedRequest } from '../../http/auth.guards.js';
import type { Authenticator } from './authenticator.js';

/**
 * The signed-in user on routes visitors may use too. A missing or stale token means "visitor": a visitor has
 * fewer rights, so a dead token left in a browser must not block public compression.
 */
export class OptionalUser {
  constructor(private readonly auth: Authenticator) {}

  async of(req: Request): Promise<UserRow | null> {
    // A request an API key signed in (http/api-key.guard.ts) carries its account already.
    const keyed = (req as AuthedRequest).account;
    if (keyed) return keyed;
    if (!req.headers.authorization) return null;
    return this.auth.user(req).catch(() => null);
  }
}
