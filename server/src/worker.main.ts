import { ConfigError, loadConfig } from './config/app.config.js';
import { createWorker } from './create-app.js';

/** `npm run worker`: the worker part alone (queued jobs and the sweeper), beside web processes on the same database. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { logger, close } = await createWorker(config);
  const queue = config.redis
    ? { queue: 'redis', concurrency: config.redis.workerConcurrency }
    : { queue: 'in-process', concurrency: config.jobConcurrency };
  logger.info({ database: config.databaseUrl ? 'postgres' : 'pglite', ...queue }, 'Shrinkly worker is running');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
