import { describe, expect, it } from 'vitest';
import { statsOf } from './visitor-stats';

describe("the landing page's stats (STAT-04)", () => {
  it('averages the percent saved per file, not per byte, and totals the sizes', () => {
    // 1000 → 500 (50 %) and 100 → 100 (0 %, kept): 25 % on average, though 54.5 % of the bytes were saved.
    const stats = statsOf({ files: 2, smaller: 1, savedPercentSum: 50, originalBytes: 1100, compressedBytes: 600 });
    expect(stats).toEqual({
      totalFiles: 2,
      compressedFiles: 1,
      averageSavedPercent: 25,
      totalOriginalBytes: 1100,
      totalCompressedBytes: 600,
    });
  });

  it('is all zeros before the first compression', () => {
    expect(statsOf({ files: 0, smaller: 0, savedPercentSum: 0, originalBytes: 0, compressedBytes: 0 }).averageSavedPercent).toBe(
      0,
    );
  });
});
