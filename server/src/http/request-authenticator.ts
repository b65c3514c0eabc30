import type { Request } from 'express';
import type { AdminRow, UserRow } from '../db/schema/index.js';

/**
 * Who a request comes from, as the route guards need it: the account or administrator its bearer token belongs to,
 * or an UnauthorizedError (401). The accounts feature provides it (its Authenticator), so HTTP names no feature.
 */
export abstract class RequestAuthenticator {
  abstract user(req: Request): Promise<UserRow>;
  abstract admin(req: Request): Promise<AdminRow>;
}
