import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/app.config.js';
import { connectRedis } from './redis-connection.js';

describe('connectRedis', () => {
  it('stops the start naming REDIS_URL when Redis cannot be reached, without printing its password', async () => {
    const config = {
      url: 'redis://user:s3cret@127.0.0.1:1',
      prefix: 'shrinkly',
      workerConcurrency: 1,
      lockMs: 30_000,
      stalledCheckMs: 30_000,
    };
    const failure = await connectRedis(config, pino({ level: 'silent' })).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as Error).message).toContain('REDIS_URL: cannot reach Redis at redis://127.0.0.1:1');
    expect((failure as Error).message).not.toContain('s3cret');
  });
});
