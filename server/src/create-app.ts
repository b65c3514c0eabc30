import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { probeTools } from '@shrinkly/engine';
import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { type Logger, pino } from 'pino';
import { pinoHttp } from 'pino-http';
import { createMail } from './adapters/mail/mail.provider.js';
import type { MailPort } from './adapters/mail/mail.port.js';
import { AppModule } from './app.module.js';
import { HttpExceptionFilter, sendError } from './common/http-exception.filter.js';
import type { AppConfig } from './config/app.config.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { NestPinoLogger } from './http/nest-logger.js';
import { rendererStatic } from './http/renderer-static.js';
import { AdminAuthService } from './services/admin-auth.service.js';
import { Clock } from './services/clock.js';

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
}

/** Opens the database (and migrates it), builds the Nest app with its middleware, and makes sure an administrator exists. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<RunningApp> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir }));
  await database.migrate();
  const mail = options.mail ?? createMail(config, logger);
  const tools = await probeTools();

  const server = express();
  server.set('trust proxy', config.trustProxy);
  server.disable('x-powered-by');
  const app = await NestFactory.create(
    AppModule.create({ config, db: database.db, logger, mail, clock: options.clock ?? new Clock(), tools }),
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
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  // Served over plain HTTP by default (http://localhost:3000), so no upgrade-insecure-requests.
  app.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  const json = express.json({ limit: config.jsonBodyLimit });
  // Body errors (too large, not JSON) answer here in our error shape, before any route runs.
  app.use((req: Request, res: Response, next: NextFunction) =>
    json(req, res, (err?: unknown) => (err ? sendError(req, res, err, logger) : next())),
  );
  for (const handler of rendererStatic(config.rendererDist)) app.use(handler);
  app.useGlobalFilters(new HttpExceptionFilter(logger));
  app.enableShutdownHooks();
  await app.init();

  await app.get(AdminAuthService).ensureAdmin({ email: config.adminEmail, password: config.adminPassword }, logger);

  return {
    app,
    database,
    logger,
    mail,
    async close() {
      await app.close();
      await mail.close();
      await database.close();
    },
  };
}
