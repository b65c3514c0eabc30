import { HttpException } from '@nestjs/common';
import { type ErrorCode, ErrorMessages, errorCodeOf } from '@shrinkly/contract';
import { DomainError, RateLimitedError } from '../common/errors.js';

/** What an error becomes on the wire: a status, the `{ message, code }` body, and headers. */
export interface HttpErrorReply {
  status: number;
  message: string;
  /** Set when the message is one of `ErrorMessages`: the stable name screens branch on. */
  code?: ErrorCode;
  headers: Record<string, string>;
  /** True when this is our own fault: logged with the request id. */
  isFault: boolean;
}

/** Errors of express' body parser carry a status and a type. */
interface BodyParserError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

function bodyParserReply(err: BodyParserError): HttpErrorReply | null {
  if (err.type === 'entity.too.large') return reply(413, ErrorMessages.bodyTooLarge);
  if (err.type === 'entity.parse.failed') return reply(400, 'Request body is not valid JSON');
  if (err.type === 'encoding.unsupported' || err.type === 'charset.unsupported')
    return reply(415, 'Unsupported request encoding');
  const status = err.status ?? err.statusCode;
  if (err.expose && status && status >= 400 && status < 500) return reply(status, 'Bad request');
  return null;
}

function reply(status: number, message: string, headers: Record<string, string> = {}): HttpErrorReply {
  return { status, message, code: errorCodeOf(message), headers, isFault: status >= 500 };
}

/** Maps any thrown value to its HTTP reply. Unknown errors are 500 with a generic message. */
export function toHttpError(err: unknown): HttpErrorReply {
  if (err instanceof RateLimitedError) {
    return reply(err.status, err.message, { 'Retry-After': String(err.retryAfterSeconds) });
  }
  if (err instanceof DomainError) return reply(err.status, err.message);
  if (err instanceof HttpException) {
    const status = err.getStatus();
    const body = err.getResponse();
    const message =
      typeof body === 'string'
        ? body
        : typeof (body as { message?: unknown }).message === 'string'
          ? (body as { message: string }).message
          : err.message;
    if (status === 404 && message.startsWith('Cannot ')) return reply(404, ErrorMessages.notFound);
    if (status >= 500) return { ...reply(status, ErrorMessages.internal), isFault: true };
    return reply(status, message);
  }
  if (err && typeof err === 'object') {
    const parsed = bodyParserReply(err as BodyParserError);
    if (parsed) return parsed;
  }
  return reply(500, ErrorMessages.internal);
}
