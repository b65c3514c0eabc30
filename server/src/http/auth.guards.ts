import { type CanActivate, createParamDecorator, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { AdminRow, UserRow } from '../db/schema/index.js';
import { RequestAuthenticator } from './request-authenticator.js';

/** A request as the guards leave it: with who sent it (an API key's account is kept by ApiKeyGuard, before these run). */
export type AuthedRequest = Request & { account?: UserRow; admin?: AdminRow };

/** Lets a request through only once the authenticator names who sent it; it throws the 401 otherwise. */
abstract class SignedInGuard implements CanActivate {
  constructor(@Inject(RequestAuthenticator) protected readonly auth: RequestAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.admit(context.switchToHttp().getRequest<AuthedRequest>());
    return true;
  }

  /** Keeps who sent the request on it. */
  protected abstract admit(req: AuthedRequest): Promise<void>;
}

/** Lets a request through only with a valid user token; the user is then available as @CurrentUser(). */
@Injectable()
export class UserAuthGuard extends SignedInGuard {
  protected async admit(req: AuthedRequest): Promise<void> {
    req.account ??= await this.auth.user(req);
  }
}

/** Lets a request through only with a valid admin token; the admin is then available as @CurrentAdmin(). */
@Injectable()
export class AdminAuthGuard extends SignedInGuard {
  protected async admit(req: AuthedRequest): Promise<void> {
    req.admin = await this.auth.admin(req);
  }
}

/** A route parameter: who its guard let through, kept on the request as `key` (a route without that guard is our fault). */
function keptByGuard<K extends 'account' | 'admin'>(key: K, names: { decorator: string; guard: string }) {
  return createParamDecorator((_: unknown, ctx: ExecutionContext): NonNullable<AuthedRequest[K]> => {
    const who = ctx.switchToHttp().getRequest<AuthedRequest>()[key];
    if (!who) throw new Error(`${names.decorator} used on a route without ${names.guard}`);
    return who;
  });
}

export const CurrentUser = keptByGuard('account', { decorator: 'CurrentUser', guard: 'UserAuthGuard' });
export const CurrentAdmin = keptByGuard('admin', { decorator: 'CurrentAdmin', guard: 'AdminAuthGuard' });
