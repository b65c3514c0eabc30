import type { Logger } from 'pino';
import type { AppConfig } from '../../config/app.config.js';
import { InProcessQueue } from './in-process.queue.js';
import type { QueuePort } from './queue.port.js';

/**
 * The job queue from the configuration: in this process, JOB_CONCURRENCY at a time (the embedded default). A
 * process that runs no worker part keeps the jobs it is given in the database for a worker to take up.
 */
export function createQueue(config: AppConfig, logger: Logger, options: { runsJobs: boolean }): QueuePort {
  return new InProcessQueue(config.jobConcurrency, logger, options);
}
