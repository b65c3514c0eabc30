import { MB } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { directUploadTimeoutMs, LARGE_FILE_WARNING_BYTES } from './transfer-timing';

describe('direct upload timing', () => {
  it('warns over 500MB', () => {
    expect(LARGE_FILE_WARNING_BYTES).toBe(500 * MB);
  });

  it('waits 30 minutes, and 60 minutes for files over 500MB', () => {
    expect(directUploadTimeoutMs(500 * MB)).toBe(30 * 60_000);
    expect(directUploadTimeoutMs(500 * MB + 1)).toBe(60 * 60_000);
  });
});
