import type { Request, Response } from 'express';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { sendError } from './http-exception.filter.js';

describe('sendError', () => {
  it('logs a fault with the URL as the request log keeps it: no query (signatures, tokens), no share token', () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino(
      { level: 'error' },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    const res = { headersSent: false, status: () => res, set: () => res, json: () => res };
    for (const originalUrl of [
      '/api/paypal/checkout-return?token=5O190127TN364715T&PayerID=X',
      '/api/share/Zm9vYmFyYmF6cXV4?download=1',
    ]) {
      sendError(
        { id: 'r1', method: 'GET', originalUrl } as unknown as Request,
        res as unknown as Response,
        new Error('boom'),
        logger,
      );
    }
    expect(lines.map((l) => l.url)).toEqual(['/api/paypal/checkout-return', '/api/share/[token]']);
    expect(JSON.stringify(lines)).not.toMatch(/5O190127TN364715T|Zm9vYmFyYmF6cXV4/);
  });
});
