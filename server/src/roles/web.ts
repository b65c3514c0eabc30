import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { endpoints } from '@shrinkly/contract';
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { AppConfig } from '../config/app.config.js';
import { contentSecurityPolicyDirectives } from '../http/content-security-policy.js';
import { strictTransportSecurity } from '../http/hsts.js';
import { HttpExceptionFilter, sendError } from '../http/http-exception.filter.js';
import { loggableUrl } from '../http/loggable-url.js';
import { rendererStatic } from '../http/renderer-static.js';

/** The web part: request logging, security headers, body parsers, the built web app and the error shape. */
export function configureWeb(app: INestApplication, server: Express, config: AppConfig, logger: Logger): void {
  server.set('trust proxy', config.trustProxy);
  server.disable('x-powered-by');
  app.use(
    pinoHttp({
      logger,
      genReqId: (_req, res) => {
        const id = randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => !req.url?.startsWith('/api/') },
      // One short line per API request; bodies and headers (tokens, passwords) are never logged.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: loggableUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: { directives: contentSecurityPolicyDirectives(config.stripe) },
      strictTransportSecurity: false,
    }),
  );
  app.use(strictTransportSecurity(config.hsts));
  const json = express.json({ limit: config.jsonBodyLimit });
  // Body errors (too large, not JSON) answer here in our error shape, before any route runs.
  // Forms of the sandbox checkout page post url-encoded bodies.
  const form = express.urlencoded({ extended: false, limit: '10kb' });
  // Stripe signs the exact bytes it sends: its webhook alone gets its body unparsed, as a Buffer.
  const raw = express.raw({ type: () => true, limit: '1mb' });
  const isStripeWebhook = (req: Request) => req.path === endpoints.stripeWebhook.path;
  const parsers: Array<[RequestHandler, (req: Request) => boolean]> = [
    [json, (req) => !isStripeWebhook(req)],
    [form, (req) => !isStripeWebhook(req)],
    [raw, isStripeWebhook],
  ];
  for (const [parser, applies] of parsers) {
    app.use((req: Request, res: Response, next: NextFunction) =>
      applies(req) ? parser(req, res, (err?: unknown) => (err ? sendError(req, res, err, logger) : next())) : next(),
    );
  }
  for (const handler of rendererStatic(config.rendererDist)) app.use(handler);
  app.useGlobalFilters(new HttpExceptionFilter(logger));
  app.enableShutdownHooks();
}
