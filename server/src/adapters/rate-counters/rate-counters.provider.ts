import type { SharedRedis } from '../redis/redis-connection.js';
import { MemoryRateCounters } from './memory.rate-counters.js';
import type { RateCounters } from './rate-counters.port.js';
import { RedisRateCounters } from './redis.rate-counters.js';

/** Rate limits count in Redis when REDIS_URL is set (`redis` is then its connection), else in this process. */
export function createRateCounters(redis: SharedRedis | undefined): RateCounters {
  return redis ? new RedisRateCounters(redis.client, redis.config.prefix) : new MemoryRateCounters();
}
