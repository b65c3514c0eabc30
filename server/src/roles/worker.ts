import type { INestApplicationContext } from '@nestjs/common';
import type { AppDependencies } from '../core.module.js';
import { SweeperService } from '../features/maintenance/sweeper.service.js';
import { JobHandlers } from '../jobs/job-handlers.js';

export interface Worker {
  stop(): Promise<void>;
}

/**
 * The worker part: every declared job handler attached to the queue (refusing to start when a queue has none), the
 * jobs a stopped process left unfinished resumed, and the sweeper on its timer.
 */
export async function startWorker(app: INestApplicationContext, deps: AppDependencies): Promise<Worker> {
  await app.get(JobHandlers).attach(deps.queue, deps.logger);
  const sweeper = app.get(SweeperService);
  sweeper.start(deps.config.sweepIntervalMs);
  return { stop: () => sweeper.stop() };
}
