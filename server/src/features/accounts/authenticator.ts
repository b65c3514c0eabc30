import { ErrorMessages } from '@shrinkly/contract';
import type { Request } from 'express';
import { UnauthorizedError } from '../../common/errors.js';
import type { AdminRow, UserRow } from '../../db/schema/index.js';
import type { RequestAuthenticator } from '../../http/request-authenticator.js';
import type { AdminRepository } from './admin.repository.js';
import type { TokenService } from './token.service.js';
import type { UserRepository } from './user.repository.js';

/** Reads the bearer token of a request and returns the account it belongs to, or throws 401. */
export class Authenticator implements RequestAuthenticator {
  constructor(
    private readonly tokens: TokenService,
    private readonly users: UserRepository,
    private readonly admins: AdminRepository,
  ) {}

  async user(req: Request): Promise<UserRow> {
    const claims = this.tokens.verify('user', bearer(req));
    const user = await this.users.findById(claims.sub);
    // A deleted account, or a token older than the last password change, no longer signs anyone in.
    if (!user || user.tokenVersion !== claims.ver) throw new UnauthorizedError(ErrorMessages.invalidToken);
    return user;
  }

  async admin(req: Request): Promise<AdminRow> {
    const claims = this.tokens.verify('admin', bearer(req));
    const admin = await this.admins.findById(claims.sub);
    if (!admin || admin.tokenVersion !== claims.ver) throw new UnauthorizedError(ErrorMessages.invalidToken);
    return admin;
  }
}

export function bearer(req: Request): string {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) throw new UnauthorizedError(ErrorMessages.unauthorized);
  return match[1];
}
