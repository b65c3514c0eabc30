import { BadRequestException, NotFoundException } from '@nestjs/common';
import { ErrorMessages } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { ConflictError, RateLimitedError, UnsupportedMediaTypeError } from '../common/errors.js';
import { toHttpError } from './http-error.js';

describe('toHttpError', () => {
  it('maps domain errors to their status and message', () => {
    expect(toHttpError(new ConflictError('User already exists'))).toMatchObject({
      status: 409,
      message: 'User already exists',
      code: 'userExists',
      isFault: false,
    });
    expect(toHttpError(new UnsupportedMediaTypeError('nope'))).toMatchObject({ status: 415 });
    expect(toHttpError(new RateLimitedError('slow down', 42))).toMatchObject({ status: 429, headers: { 'Retry-After': '42' } });
  });

  it("turns Nest's unknown-route 404 into the plain not-found message", () => {
    expect(toHttpError(new NotFoundException('Cannot GET /api/x'))).toMatchObject({
      status: 404,
      message: ErrorMessages.notFound,
    });
    expect(toHttpError(new BadRequestException('bad thing'))).toMatchObject({ status: 400, message: 'bad thing' });
    expect(toHttpError(new BadRequestException('bad thing')).code).toBeUndefined();
  });

  it('maps body parser errors', () => {
    expect(toHttpError({ type: 'entity.too.large', status: 413 })).toMatchObject({ status: 413 });
    expect(toHttpError({ type: 'entity.parse.failed', status: 400 })).toMatchObject({ status: 400 });
  });

  it('hides unknown errors behind a generic 500 and marks them as faults', () => {
    const reply = toHttpError(new Error('connection string with password=hunter2'));
    expect(reply).toMatchObject({ status: 500, message: ErrorMessages.internal, isFault: true });
  });
});
