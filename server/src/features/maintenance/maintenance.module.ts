import path from 'node:path';
import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { RunOnceLock } from '../../adapters/locks/run-once.port.js';
import { APP_CONFIG, LOGGER } from '../../app.tokens.js';
import { Clock } from '../../common/clock.js';
import { factory } from '../../common/factory-provider.js';
import { SweepTasks } from '../../common/sweep-tasks.js';
import type { AppConfig } from '../../config/app.config.js';
import { SweeperService } from './sweeper.service.js';
import { staleTempFiles } from './temp-folders.js';

/**
 * The sweeper: on the worker's timer it runs the sweep tasks the features register with SweepTasks (what has
 * outlived its time, and the plans' clock: trial ends, renewals) and removes this machine's stale temporary folders.
 */
@Module({
  providers: [
    factory(
      SweeperService,
      [SweepTasks, RunOnceLock, Clock, LOGGER, APP_CONFIG],
      (tasks: SweepTasks, lock: RunOnceLock, c: Clock, l: Logger, config: AppConfig) => {
        const tempFiles = staleTempFiles(path.dirname(config.tmpDir), config.tmpDir);
        return new SweeperService(() => [...tasks.list(), tempFiles], lock, c, l);
      },
    ),
  ],
  exports: [SweeperService],
})
export class MaintenanceModule {}
