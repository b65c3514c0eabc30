import { AUTH_RATE_LIMIT, ErrorMessages } from '@shrinkly/contract';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitedError } from '../common/errors.js';

/** The guarded actions; each counts separately. */
export type AuthAction = 'login' | 'register' | 'forgot-password' | 'admin-login' | 'admin-reset' | 'reset-password';

/**
 * Counts attempts per action by client IP and by email: once either key reaches AUTH_RATE_LIMIT.attempts within
 * the window, further attempts answer 429 until the window has passed.
 */
export class AuthRateLimiter {
  private readonly counter = new RateLimiterMemory({
    points: AUTH_RATE_LIMIT.attempts,
    duration: AUTH_RATE_LIMIT.windowMs / 1000,
  });

  private keys(action: AuthAction, ip: string, email?: string): string[] {
    const keys = [`${action}:ip:${ip}`];
    if (email) keys.push(`${action}:email:${email}`);
    return keys;
  }

  /** Throws RateLimitedError when the limit is already reached for the IP or the email. */
  async assertAllowed(action: AuthAction, ip: string, email?: string): Promise<void> {
    for (const key of this.keys(action, ip, email)) {
      const res = await this.counter.get(key);
      if (res && res.consumedPoints >= AUTH_RATE_LIMIT.attempts) throw limited(res);
    }
  }

  /** Counts one attempt against the IP and the email. */
  async record(action: AuthAction, ip: string, email?: string): Promise<void> {
    for (const key of this.keys(action, ip, email)) {
      // Consuming past the limit rejects; the count is what matters here, the next assertAllowed decides.
      await this.counter.consume(key).catch((err: unknown) => {
        if (!(err instanceof RateLimiterRes)) throw err;
      });
    }
  }

  /** Counts the attempt and then refuses it if it went over the limit: for actions where every attempt counts. */
  async hit(action: AuthAction, ip: string, email?: string): Promise<void> {
    await this.assertAllowed(action, ip, email);
    await this.record(action, ip, email);
  }

  /** Forgets the email's failures after a success. */
  async clear(action: AuthAction, email: string): Promise<void> {
    await this.counter.delete(`${action}:email:${email}`);
  }
}

function limited(res: RateLimiterRes): RateLimitedError {
  return new RateLimitedError(ErrorMessages.rateLimited, Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
}
