import { type ApiKeyUse, type Endpoint, ErrorMessages, keyMayUse } from '@shrinkly/contract';
import type { Request, Response } from 'express';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { consumeOrRefuse } from '../../adapters/rate-counters/consume-or-refuse.js';
import type { RateCounters } from '../../adapters/rate-counters/rate-counters.port.js';
import type { BackgroundTasks } from '../../common/background-tasks.js';
import type { Clock } from '../../common/clock.js';
import { ForbiddenError, UnauthorizedError } from '../../common/errors.js';
import type { UserRow } from '../../db/schema/index.js';
import type { ApiKeyAuthenticator } from '../../http/api-key-authenticator.js';
import type { UserRepository } from '../accounts/user.repository.js';
import { type ApiKeyRepository, LAST_USE_EVERY_MS } from './api-key.repository.js';
import { usageMonth } from './api-key.service.js';
import { apiKeyOf, hashOfApiKey } from './api-key-secret.js';

/**
 * Signs a request in by its API key, with the account's own plan rules: the key must be active and hold the scope
 * the route names; each key gets `perMinute` requests a minute (429 with Retry-After past it; chunk uploads are not
 * counted, the staging limits bound them), and each answered
 * call adds its bytes in and out (and a file, for routes that take one) to the key's month.
 */
export class ApiKeyAccess implements ApiKeyAuthenticator {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly users: UserRepository,
    counters: RateCounters,
    private readonly tasks: BackgroundTasks,
    private readonly clock: Clock,
    private readonly perMinute: number,
  ) {
    this.limiter = counters.counter({ keyPrefix: 'api-key', points: perMinute, duration: 60 });
  }

  async admit(req: Request, res: Response, endpoint: Endpoint): Promise<UserRow | null> {
    const secret = apiKeyOf(req);
    if (secret === null) return null;
    const use = endpoint.apiKey;
    if (!use) {
      // A public route that takes no key (sign-in, health, the docs) ignores one; an account route refuses it.
      if (endpoint.auth === 'none') return null;
      throw new ForbiddenError(ErrorMessages.apiKeySessionOnly);
    }
    const key = await this.keys.findActiveByHash(hashOfApiKey(secret));
    const user = key ? await this.users.findById(key.userId) : undefined;
    if (!key || !user) throw new UnauthorizedError(ErrorMessages.apiKeyInvalid);
    if (!keyMayUse(key.scopes, use)) throw new ForbiddenError(ErrorMessages.apiKeyScope);
    if (use.metered !== false) await this.consume(key.id, res);
    const now = this.clock.now();
    // The row read above says when it was last noted: a busy key costs no write, and no round trip, in between.
    if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USE_EVERY_MS) await this.keys.touch(key.id, now);
    this.countWhenAnswered(req, res, key.id, use, usageMonth(now));
    return user;
  }

  private async consume(keyId: string, res: Response): Promise<void> {
    const left = await consumeOrRefuse(this.limiter, keyId, ErrorMessages.apiKeyRateLimited);
    res.setHeader('RateLimit-Limit', String(this.perMinute));
    res.setHeader('RateLimit-Remaining', String(left.remainingPoints));
  }

  /** Adds the call to the key's month once it is answered with success; a failed call costs nothing. */
  private countWhenAnswered(req: Request, res: Response, keyId: string, use: ApiKeyUse, month: string): void {
    res.once('finish', () => {
      if (res.statusCode >= 400) return;
      const delta = {
        files: use.countsFile ? 1 : 0,
        bytesIn: Number(req.headers['content-length']) || 0,
        // A HEAD answer states the length of a body it does not send.
        bytesOut: req.method === 'HEAD' ? 0 : Number(res.getHeader('content-length')) || 0,
      };
      this.tasks.run('api key usage', () => this.keys.addUsage(keyId, month, delta));
    });
  }
}
