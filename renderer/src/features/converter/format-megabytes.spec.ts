import { MB } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { formatMegabytes } from './format-megabytes';

describe('formatMegabytes', () => {
  it('writes megabytes (1048576 bytes) with two decimals', () => {
    expect(formatMegabytes(1048576)).toBe('1.00 MB');
    expect(formatMegabytes(1.5 * MB)).toBe('1.50 MB');
    expect(formatMegabytes(100 * MB)).toBe('100.00 MB');
    expect(formatMegabytes(12_345)).toBe('0.01 MB');
    expect(formatMegabytes(0)).toBe('0.00 MB');
  });
});
