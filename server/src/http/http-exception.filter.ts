import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { ErrorBody } from '@shrinkly/contract';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { toHttpError } from './http-error.js';
import { loggableUrl } from './loggable-url.js';

/** The one place errors become responses: `{ message, code }` with the right status; faults are logged with the request id. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendError(http.getRequest<Request>(), http.getResponse<Response>(), exception, this.logger);
  }
}

export function sendError(req: Request, res: Response, exception: unknown, logger: Logger): void {
  const reply = toHttpError(exception);
  if (reply.isFault) {
    // The request log's redaction: a URL's query and share path carry capabilities (signatures, tokens).
    logger.error({ err: exception, requestId: req.id, method: req.method, url: loggableUrl(req.originalUrl) }, 'request failed');
  }
  if (res.headersSent) {
    res.end();
    return;
  }
  const body: ErrorBody = reply.code ? { message: reply.message, code: reply.code } : { message: reply.message };
  res.status(reply.status).set(reply.headers).json(body);
}
