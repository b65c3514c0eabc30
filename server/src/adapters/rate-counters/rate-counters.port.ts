import type { RateLimiterAbstract } from 'rate-limiter-flexible';

/** One rate limit's counters: `points` per key within each window of `duration` seconds. */
export interface CounterSpec {
  /** Names the limit; keys of different limits never meet. */
  keyPrefix: string;
  points: number;
  duration: number;
}

/**
 * Where rate limits count: in this process by default, in Redis with REDIS_URL so that every web process counts
 * the same attempts. Both are rate-limiter-flexible limiters, with the same behaviour.
 */
export abstract class RateCounters {
  abstract counter(spec: CounterSpec): RateLimiterAbstract;
}
