import { type CanActivate, createParamDecorator, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { AdminRow, UserRow } from '../db/schema/index.js';
import { RequestAuthenticator } from './request-authenticator.js';

type AuthedRequest = Request & { account?: UserRow; admin?: AdminRow };

/** Lets a request through only with a valid user token; the user is then available as @CurrentUser(). */
@Injectable()
export class UserAuthGuard implements CanActivate {
  constructor(@Inject(RequestAuthenticator) private readonly auth: RequestAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    req.account = await this.auth.user(req);
    return true;
  }
}

/** Lets a request through only with a valid admin token. */
@Injectable()
export class AdminAuthGuard implements CanActivate {
  constructor(@Inject(RequestAuthenticator) private readonly auth: RequestAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    req.admin = await this.auth.admin(req);
    return true;
  }
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): UserRow => {
  const account = ctx.switchToHttp().getRequest<AuthedRequest>().account;
  if (!account) throw new Error('CurrentUser used on a route without UserAuthGuard');
  return account;
});

export const CurrentAdmin = createParamDecorator((_: unknown, ctx: ExecutionContext): AdminRow => {
  const admin = ctx.switchToHttp().getRequest<AuthedRequest>().admin;
  if (!admin) throw new Error('CurrentAdmin used on a route without AdminAuthGuard');
  return admin;
});
