import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { ConfigError, type RedisConfig } from '../../config/app.config.js';

/** The deployment's Redis: the open connection and its settings. */
export interface SharedRedis {
  client: Redis;
  config: RedisConfig;
}

/** How long the start waits for Redis before stopping with the reason. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * A connection to REDIS_URL, checked at start: a Redis that cannot be reached stops the process naming REDIS_URL,
 * rather than leaving requests to hang. Afterwards ioredis reconnects on its own; commands wait for it
 * (`maxRetriesPerRequest: null`, which BullMQ's workers need).
 */
export async function connectRedis(config: RedisConfig, logger: Logger): Promise<SharedRedis> {
  const { url } = config;
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null, connectTimeout: CONNECT_TIMEOUT_MS });
  // Until the first connection, a failure is reported once, by connect() below, not logged by every retry.
  const quiet = () => {};
  client.on('error', quiet);
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    client.disconnect();
    // Host and port only: the URL may carry a password.
    const { protocol, host } = new URL(url);
    throw new ConfigError(
      `Invalid configuration:\n  REDIS_URL: cannot reach Redis at ${protocol}//${host} (${(err as Error).message})`,
    );
  }
  client.off('error', quiet);
  client.on('error', (err) => logger.warn({ err }, 'Redis connection error; reconnecting'));
  return { client, config };
}
