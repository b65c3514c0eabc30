import { WEBHOOK_MAX_ATTEMPTS } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './webhook-delivery.job-handler.js';

const MINUTE = 60_000;

describe('the webhook retry schedule', () => {
  it('doubles from the base wait and stops growing at 8 hours', () => {
    const waits = Array.from({ length: WEBHOOK_MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1, MINUTE) / MINUTE);
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 480, 480]);
  });

  it('spreads the tries over about 24 hours', () => {
    let total = 0;
    for (let attempts = 1; attempts < WEBHOOK_MAX_ATTEMPTS; attempts++) total += retryDelayMs(attempts, MINUTE);
    expect(total / (60 * MINUTE)).toBeCloseTo(24.5, 1);
  });
});
