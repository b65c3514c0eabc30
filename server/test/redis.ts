import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { connectRedis, type SharedRedis } from '../src/adapters/redis/redis-connection.js';
import type { RedisConfig } from '../src/config/app.config.js';

/** The Redis the suite runs the Redis adapters on, when set (CI sets it); they are skipped otherwise. */
export const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

/** Settings for a test file: keys under a prefix of its own, short locks so a stalled job is seen in seconds. */
export function testRedisConfig(url: string): RedisConfig {
  return {
    url,
    prefix: `shrinkly-test-${randomBytes(6).toString('hex')}`,
    workerConcurrency: 2,
    lockMs: 2000,
    stalledCheckMs: 500,
  };
}

/** Opens connections under one prefix (each one as another process would); `cleanUp` deletes that prefix's keys and closes them. */
export function testRedis(config: RedisConfig): { connect(): Promise<SharedRedis>; cleanUp(): Promise<void> } {
  const opened: SharedRedis[] = [];
  return {
    async connect() {
      const redis = await connectRedis(config, pino({ level: 'silent' }));
      opened.push(redis);
      return redis;
    },
    async cleanUp() {
      const redis = opened[0] ?? (await connectRedis(config, pino({ level: 'silent' })));
      // Only this file's keys: the Redis is shared, so never FLUSHDB.
      for await (const keys of redis.client.scanStream({ match: `${config.prefix}:*`, count: 500 })) {
        if ((keys as string[]).length > 0) await redis.client.del(...(keys as string[]));
      }
      await Promise.all([...new Set([redis, ...opened])].map((r) => r.client.quit()));
    },
  };
}
