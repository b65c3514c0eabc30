import type { Logger } from 'pino';
import type { AppConfig } from '../../config/app.config.js';
import type { SharedRedis } from '../redis/redis-connection.js';
import { BullmqQueue } from './bullmq.queue.js';
import { InProcessQueue } from './in-process.queue.js';
import type { QueuePort } from './queue.port.js';

/**
 * The job queue from the configuration: with REDIS_URL (`redis` is then its connection), BullMQ on Redis, which every
 * process shares, WORKER_CONCURRENCY jobs at a time per worker process; else in this process, JOB_CONCURRENCY at a
 * time (the embedded default), where a process that runs no worker part keeps the jobs it is given in the database
 * for a worker to take up when it starts.
 */
export function createQueue(
  config: AppConfig,
  logger: Logger,
  options: { runsJobs: boolean },
  redis: SharedRedis | undefined,
): QueuePort {
  if (redis) {
    const { prefix, workerConcurrency, lockMs, stalledCheckMs } = redis.config;
    return new BullmqQueue(
      {
        connection: redis.client,
        prefix,
        runsJobs: options.runsJobs,
        workerConcurrency,
        inlineConcurrency: config.jobConcurrency,
        lockMs,
        stalledCheckMs,
      },
      logger,
    );
  }
  return new InProcessQueue(config.jobConcurrency, logger, options);
}
