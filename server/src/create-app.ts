import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { probeTools } from '@shrinkly/engine';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { type Logger, pino } from 'pino';
import { pinoHttp } from 'pino-http';
import { createMail } from './adapters/mail/mail.provider.js';
import type { MailPort } from './adapters/mail/mail.port.js';
import type { PaymentPort } from './adapters/payments/payment.port.js';
import { createPayments, warnOfSandboxInProduction } from './adapters/payments/payment.provider.js';
import { InProcessQueue } from './adapters/queue/in-process.queue.js';
import type { QueuePort } from './adapters/queue/queue.port.js';
import { LocalDiskStorage } from './adapters/storage/local-disk.storage.js';
import type { StoragePort } from './adapters/storage/storage.port.js';
import { strictTransportSecurity } from './http/hsts.js';
import { loggableUrl } from './http/loggable-url.js';
import { CompressFileJob } from './features/compression/compress-file.job.js';
import { ConvertFileJob } from './features/converter/convert-file.job.js';
import { ConversionJobRepository } from './features/converter/conversion-job.repository.js';
import { CONVERT_QUEUE } from './features/converter/converter.service.js';
import { configureImageMemory, configureSharedLibreOffice, sharedLibreOffice } from '@shrinkly/engine';
import { CompressionJobRepository } from './features/compression/compression-job.repository.js';
import { COMPRESS_QUEUE } from './features/compression/compression.service.js';
import { SweeperService } from './features/maintenance/sweeper.service.js';
import { removeDeadProcessesTemp } from './features/maintenance/temp-folders.js';
import { AppModule } from './app.module.js';
import { HttpExceptionFilter, sendError } from './http/http-exception.filter.js';
import type { AppConfig } from './config/app.config.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { NestPinoLogger } from './http/nest-logger.js';
import { rendererStatic } from './http/renderer-static.js';
import { AdminAuthService } from './features/accounts/admin-auth.service.js';
import { Clock } from './common/clock.js';

export interface RunningApp {
  app: INestApplication;
  database: DatabaseHandle;
  logger: Logger;
  mail: MailPort;
  /** Stops the HTTP server, then the mail transport and the database. */
  close(): Promise<void>;
}

export interface CreateAppOptions {
  logger?: Logger;
  mail?: MailPort;
  clock?: Clock;
  database?: DatabaseHandle;
  storage?: StoragePort;
  payments?: PaymentPort;
}

/** Opens the database (and migrates it), builds the Nest app with its middleware, and makes sure an administrator exists. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<RunningApp> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  // What a crashed process left behind goes before anything new is written (temp-folders.ts).
  const leftovers = await removeDeadProcessesTemp(path.dirname(config.tmpDir));
  if (leftovers > 0) logger.info({ leftovers }, 'removed temporary files left by an earlier process');
  configureSharedLibreOffice({ workRoot: config.tmpDir });
  configureImageMemory();
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir }));
  await database.migrate();
  const mail = options.mail ?? createMail(config, logger);
  const tools = await probeTools();
  const storage = options.storage ?? new LocalDiskStorage(path.join(config.dataDir, 'blobs'));
  const queue: QueuePort = new InProcessQueue(config.jobConcurrency, logger);
  const payments = options.payments ?? createPayments(config);
  warnOfSandboxInProduction(config, payments, logger);
  const clock = options.clock ?? new Clock();

  const server = express();
  server.set('trust proxy', config.trustProxy);
  server.disable('x-powered-by');
  const app = await NestFactory.create(
    AppModule.create({ config, db: database.db, logger, mail, storage, queue, payments, clock, tools }),
    new ExpressAdapter(server),
    { bodyParser: false, logger: new NestPinoLogger(logger) },
  );

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => !req.url?.startsWith('/api/') },
      // One short line per API request; bodies and headers (tokens, passwords) are never logged.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: loggableUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  // Served over plain HTTP by default (http://localhost:3000), so no upgrade-insecure-requests.
  app.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } }, strictTransportSecurity: false }));
  app.use(strictTransportSecurity(config.hsts));
  const json = express.json({ limit: config.jsonBodyLimit });
  // Body errors (too large, not JSON) answer here in our error shape, before any route runs.
  // Forms of the sandbox checkout page post url-encoded bodies.
  const form = express.urlencoded({ extended: false, limit: '10kb' });
  for (const parser of [json, form]) {
    app.use((req: Request, res: Response, next: NextFunction) =>
      parser(req, res, (err?: unknown) => (err ? sendError(req, res, err, logger) : next())),
    );
  }
  for (const handler of rendererStatic(config.rendererDist)) app.use(handler);
  app.useGlobalFilters(new HttpExceptionFilter(logger));
  app.enableShutdownHooks();
  await app.init();

  await app.get(AdminAuthService).ensureAdmin({ email: config.adminEmail, password: config.adminPassword }, logger);

  const compressJob = app.get(CompressFileJob);
  queue.register(COMPRESS_QUEUE, async (jobId, signal) => {
    await compressJob.run(jobId, signal);
  });
  const convertJob = app.get(ConvertFileJob);
  queue.register(CONVERT_QUEUE, async (jobId, signal) => {
    await convertJob.run(jobId, signal);
  });
  await resumeJobs(app.get(CompressionJobRepository), queue, logger);
  await resumeQueue(CONVERT_QUEUE, app.get(ConversionJobRepository), queue, logger);
  const sweeper = app.get(SweeperService);
  sweeper.start(config.sweepIntervalMs);

  return {
    app,
    database,
    logger,
    mail,
    async close() {
      await sweeper.stop();
      await queue.close();
      await sharedLibreOffice().close();
      await app.close();
      await mail.close();
      await database.close();
    },
  };
}

/** Job records a restart can put back on their queue. */
interface ResumableJobs {
  requeueInterrupted(): Promise<number>;
  listUnfinished(): Promise<Array<{ id: string }>>;
}

/** After a restart: jobs that were running are queued again (one more attempt), and every queued job is run. */
export async function resumeQueue(name: string, jobs: ResumableJobs, queue: QueuePort, logger: Logger): Promise<void> {
  const interrupted = await jobs.requeueInterrupted();
  const pending = await jobs.listUnfinished();
  for (const job of pending) await queue.enqueue(name, job.id);
  if (pending.length > 0) logger.info({ queue: name, resumed: pending.length, interrupted }, 'jobs resumed');
}

/** Compression jobs after a restart. */
export function resumeJobs(jobs: CompressionJobRepository, queue: QueuePort, logger: Logger): Promise<void> {
  return resumeQueue(COMPRESS_QUEUE, jobs, queue, logger);
}
