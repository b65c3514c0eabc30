import { FREE_DOWNLOAD_TTL_MS, PAID_DOWNLOAD_TTL_MS } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { downloadExpiry } from './public-result.finisher.js';

describe('download links of landing-page results', () => {
  const createdAt = new Date('2026-03-01T10:00:00Z');
  const paidAt = new Date('2026-03-01T10:05:00Z');
  const readyAt = new Date('2026-03-01T12:30:00Z');

  it('a paid result works for 1 hour from when it is ready, however long the compression took', () => {
    expect(downloadExpiry({ createdAt, paidAt }, readyAt)).toEqual(new Date(readyAt.getTime() + PAID_DOWNLOAD_TTL_MS));
  });

  it('a free result works for 24 hours from the upload', () => {
    expect(downloadExpiry({ createdAt, paidAt: null }, readyAt)).toEqual(new Date(createdAt.getTime() + FREE_DOWNLOAD_TTL_MS));
  });
});
