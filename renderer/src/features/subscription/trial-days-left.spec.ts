import { describe, expect, it } from 'vitest';
import { daysLeft, daysLeftText } from './trial-days-left';

const now = new Date('2026-03-01T12:00:00Z');

describe('daysLeft', () => {
  it('counts a started day as a day', () => {
    expect(daysLeft('2026-03-08T12:00:00Z', now)).toBe(7);
    expect(daysLeft('2026-03-08T11:59:00Z', now)).toBe(7);
    expect(daysLeft('2026-03-01T13:00:00Z', now)).toBe(1);
  });

  it('is 0 once the end has passed', () => {
    expect(daysLeft('2026-03-01T12:00:00Z', now)).toBe(0);
    expect(daysLeft('2026-02-20T00:00:00Z', now)).toBe(0);
  });

  it('says day or days', () => {
    expect(daysLeftText(1)).toBe('1 day left');
    expect(daysLeftText(6)).toBe('6 days left');
  });
});
