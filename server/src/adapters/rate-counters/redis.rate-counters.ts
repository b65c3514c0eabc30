import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterRedis } from 'rate-limiter-flexible';
import { type CounterSpec, RateCounters } from './rate-counters.port.js';

/** Counters in Redis, shared by every process of the deployment; keys start with `prefix:`. */
export class RedisRateCounters extends RateCounters {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {
    super();
  }

  counter(spec: CounterSpec): RateLimiterAbstract {
    return new RateLimiterRedis({ ...spec, storeClient: this.client, keyPrefix: `${this.prefix}:${spec.keyPrefix}` });
  }
}
