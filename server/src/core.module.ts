import { type DynamicModule, Global, Module } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Logger } from 'pino';
import { ChunkStagingPort } from './adapters/chunks/chunk-staging.port.js';
import { RunOnceLock } from './adapters/locks/run-once.port.js';
import { MailPort } from './adapters/mail/mail.port.js';
import { PaymentPort } from './adapters/payments/payment.port.js';
import { QueuePort } from './adapters/queue/queue.port.js';
import { RateCounters } from './adapters/rate-counters/rate-counters.port.js';
import { StoragePort } from './adapters/storage/storage.port.js';
import { APP_CONFIG, DATABASE, LOGGER, TOOLS } from './app.tokens.js';
import { BackgroundTasks } from './common/background-tasks.js';
import { Clock } from './common/clock.js';
import { DownloadTicketService } from './common/download-ticket.service.js';
import { construct, factory } from './common/factory-provider.js';
import { SweepTasks } from './common/sweep-tasks.js';
import type { AppConfig } from './config/app.config.js';
import type { Database } from './db/client.js';
import { EngineStep } from './jobs/engine-step.js';
import { JobHandlers } from './jobs/job-handlers.js';
import { JobWatchers } from './jobs/job-watchers.js';

/** What the app is built from; tests pass their own (an in-memory database, a temporary data folder, a fake clock). */
export interface AppDependencies {
  config: AppConfig;
  db: Database;
  logger: Logger;
  mail: MailPort;
  storage: StoragePort;
  chunks: ChunkStagingPort;
  queue: QueuePort;
  rateCounters: RateCounters;
  runOnce: RunOnceLock;
  payments: PaymentPort;
  clock: Clock;
  tools: Record<string, boolean>;
}

/**
 * What every capability may use: the configuration, the database, the log, the ports and their adapters (rate
 * limits' counters and the run-once lock among them), the clock,
 * signed download links, and the job pipeline's engine step and handler registry.
 */
@Global()
@Module({})
export class CoreModule {
  static create(deps: AppDependencies): DynamicModule {
    const { config } = deps;
    const providers = [
      { provide: APP_CONFIG, useValue: config },
      { provide: DATABASE, useValue: deps.db },
      { provide: LOGGER, useValue: deps.logger },
      { provide: TOOLS, useValue: deps.tools },
      { provide: MailPort, useValue: deps.mail },
      { provide: StoragePort, useValue: deps.storage },
      { provide: ChunkStagingPort, useValue: deps.chunks },
      { provide: QueuePort, useValue: deps.queue },
      { provide: RateCounters, useValue: deps.rateCounters },
      { provide: RunOnceLock, useValue: deps.runOnce },
      { provide: PaymentPort, useValue: deps.payments },
      { provide: Clock, useValue: deps.clock },
      { provide: JwtService, useValue: new JwtService({ secret: config.jwtSecret }) },
      construct(BackgroundTasks, [LOGGER]),
      factory(
        DownloadTicketService,
        [Clock],
        (c: Clock) => new DownloadTicketService(config.downloadLinkSecret, config.appUrl, c),
      ),
      factory(EngineStep, [StoragePort], (s: StoragePort) => new EngineStep(s, `${config.tmpDir}/work`)),
      construct(JobHandlers, []),
      construct(JobWatchers, []),
      construct(SweepTasks, []),
    ];
    return { module: CoreModule, providers, exports: providers.map((p) => ('provide' in p ? p.provide : p)) };
  }
}
