import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitedError } from '../../common/errors.js';

/**
 * Counts one use of `key`; past the limit, a 429 with `message` and the seconds until the window lets it through.
 * Anything else the counter throws (Redis down) goes on as it is.
 */
export async function consumeOrRefuse(limiter: RateLimiterAbstract, key: string, message: string): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw new RateLimitedError(message, Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
    throw err;
  }
}
