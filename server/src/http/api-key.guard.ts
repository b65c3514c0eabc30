import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { BuiltFrom } from '../common/factory-provider.js';
import { ApiKeyAuthenticator } from './api-key-authenticator.js';
import type { AuthedRequest } from './auth.guards.js';
import { endpointOf } from './contract-route.js';

/**
 * Runs before every route's own guard: a request that carries an API key is admitted by its key (scope, rate limit,
 * usage) and its account kept on the request, where UserAuthGuard and the visitor-or-user routes find it.
 */
@Injectable()
@BuiltFrom(ApiKeyAuthenticator)
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly keys: ApiKeyAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const endpoint = endpointOf(context);
    if (!endpoint) return true;
    const http = context.switchToHttp();
    const req = http.getRequest<AuthedRequest>();
    const account = await this.keys.admit(req, http.getResponse<Response>(), endpoint);
    if (account) req.account = account;
    return true;
  }
}
