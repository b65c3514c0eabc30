import 'reflect-metadata';
import path from 'node:path';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import {
  configureCpuBudget,
  configureImageMemory,
  configureSharedLibreOffice,
  probeTools,
  sandboxMode,
  sharedLibreOffice,
} from '@shrinkly/engine';
import express from 'express';
import { type Logger, pino } from 'pino';
import type { ChunkStagingPort } from './adapters/chunks/chunk-staging.port.js';
import { createChunkStaging } from './adapters/chunks/chunk-staging.provider.js';
import { createRunOnceLock } from './adapters/locks/run-once.provider.js';
import type { MailPort } from './adapters/mail/mail.port.js';
import { createMail } from './adapters/mail/mail.provider.js';
import type { PaymentPort } from './adapters/payments/payment.port.js';
import { createPayments, refuseSandboxInProduction, warnOfSandboxInProduction } from './adapters/payments/payment.provider.js';
import { createQueue } from './adapters/queue/queue.provider.js';
import { createRateCounters } from './adapters/rate-counters/rate-counters.provider.js';
import { connectRedis, type SharedRedis } from './adapters/redis/redis-connection.js';
import type { StoragePort } from './adapters/storage/storage.port.js';
import { openBlobStore } from './adapters/storage/storage.provider.js';
import { AppModule } from './app.module.js';
import { Clock } from './common/clock.js';
import type { AppConfig } from './config/app.config.js';
import { checkToolConfinement } from './config/tool-confinement.js';
import type { AppDependencies } from './core.module.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { AdminAuthService } from './features/accounts/admin-auth.service.js';
import { removeDeadProcessesTemp } from './features/maintenance/temp-folders.js';
import { NestPinoLogger } from './http/nest-logger.js';
import { configureWeb } from './roles/web.js';
import { startWorker, type Worker } from './roles/worker.js';

/**
 * What a process runs: `web` serves HTTP (the API and the web app), `worker` runs the queued jobs and the sweeper.
 * The embedded default runs both in one process; `npm run worker` runs the worker alone.
 */
export type Role = 'web' | 'worker';

export interface RunningApp {
  app: INestApplication;
  database: DatabaseHandle;
  logger: Logger;
  mail: MailPort;
  /** Stops the worker part, the HTTP server, then the mail transport and the database. */
  close(): Promise<void>;
}

export interface RunningWorker {
  context: INestApplicationContext;
  database: DatabaseHandle;
  logger: Logger;
  close(): Promise<void>;
}

export interface CreateAppOptions {
  logger?: Logger;
  mail?: MailPort;
  clock?: Clock;
  database?: DatabaseHandle;
  storage?: StoragePort;
  chunks?: ChunkStagingPort;
  payments?: PaymentPort;
  /** Run the worker part in this process too (the default). */
  worker?: boolean;
}

interface Prepared {
  deps: AppDependencies;
  database: DatabaseHandle;
  redis: SharedRedis | undefined;
}

/** Everything a process is built from, the database opened and migrated, Redis reached when configured. */
async function prepare(config: AppConfig, options: CreateAppOptions, roles: Role[]): Promise<Prepared> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  checkToolConfinement(config, sandboxMode(), logger);
  // What a crashed process left behind goes before anything new is written (temp-folders.ts).
  const leftovers = await removeDeadProcessesTemp(path.dirname(config.tmpDir));
  if (leftovers > 0) logger.info({ leftovers }, 'removed temporary files left by an earlier process');
  configureSharedLibreOffice({ workRoot: config.tmpDir });
  configureImageMemory();
  configureCpuBudget(config.engineCpuSlots);
  const redis = config.redis ? await connectRedis(config.redis, logger) : undefined;
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, logger }));
  await database.migrate();
  const clock = options.clock ?? new Clock();
  const payments = options.payments ?? createPayments(config, { db: database.db, clock });
  refuseSandboxInProduction(config, payments);
  warnOfSandboxInProduction(config, payments, logger);
  const blobs = options.storage ? { storage: options.storage, s3Client: undefined } : await openBlobStore(config);
  const deps: AppDependencies = {
    config,
    db: database.db,
    logger,
    mail: options.mail ?? createMail(config, logger),
    storage: blobs.storage,
    chunks: options.chunks ?? createChunkStaging(config, blobs.s3Client),
    queue: createQueue(config, logger, { runsJobs: roles.includes('worker') }, redis),
    rateCounters: createRateCounters(redis),
    runOnce: createRunOnceLock(database),
    payments,
    clock,
    tools: await probeTools(),
  };
  return { deps, database, redis };
}

/**
 * The web part (and, unless `worker: false`, the worker part) in one process: opens the database (and migrates it),
 * builds the Nest app with its middleware, and makes sure an administrator exists. The caller listens.
 */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<RunningApp> {
  const roles: Role[] = options.worker === false ? ['web'] : ['web', 'worker'];
  const { deps, database, redis } = await prepare(config, options, roles);
  const { logger, mail } = deps;
  const server = express();
  const app = await NestFactory.create(AppModule.create(deps), new ExpressAdapter(server), {
    bodyParser: false,
    logger: new NestPinoLogger(logger),
  });
  configureWeb(app, server, config, logger);
  await app.init();
  await app
    .get(AdminAuthService)
    .ensureAdmin(
      { email: config.adminEmail, password: config.adminPassword, passwordFile: path.join(config.dataDir, 'admin-password') },
      logger,
    );
  const worker: Worker | undefined = roles.includes('worker') ? await startWorker(app, deps) : undefined;

  return {
    app,
    database,
    logger,
    mail,
    async close() {
      await worker?.stop();
      await deps.queue.close();
      await sharedLibreOffice().close();
      await app.close();
      await mail.close();
      await redis?.client.quit();
      await database.close();
    },
  };
}

/** The worker part alone: runs queued jobs and the sweeper, and serves no HTTP. */
export async function createWorker(config: AppConfig, options: Omit<CreateAppOptions, 'worker'> = {}): Promise<RunningWorker> {
  const { deps, database, redis } = await prepare(config, options, ['worker']);
  const context = await NestFactory.createApplicationContext(AppModule.create(deps), { logger: new NestPinoLogger(deps.logger) });
  const worker = await startWorker(context, deps);
  return {
    context,
    database,
    logger: deps.logger,
    async close() {
      await worker.stop();
      await deps.queue.close();
      await sharedLibreOffice().close();
      await context.close();
      await deps.mail.close();
      await redis?.client.quit();
      await database.close();
    },
  };
}
