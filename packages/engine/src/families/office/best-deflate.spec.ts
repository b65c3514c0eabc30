import { MB } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { deflateEffort, threadsBusy } from './best-deflate.js';

describe("7-Zip's share of the CPU budget", () => {
  it('is one thread while one part holds half the text or more, two when the text is spread', () => {
    expect(threadsBusy([164_000, 66_000, 10_000, 7_000])).toBe(1);
    expect(threadsBusy([50_000, 50_000])).toBe(2);
    expect(threadsBusy([30_000, 20_000, 20_000, 20_000])).toBe(2);
    expect(threadsBusy([5_000])).toBe(1);
  });
});

describe("7-Zip's deflate effort", () => {
  const passes = (bytes: number) => Number(/-mpass=(\d+)/.exec(deflateEffort(bytes)?.join(' ') ?? '')?.[1] ?? 0);

  it('never runs fifteen passes, which took three times as long as ten for the same bytes', () => {
    for (const bytes of [1_000, 300_000, MB, 3 * MB, 10 * MB]) expect(passes(bytes)).toBeLessThanOrEqual(10);
  });

  it('spends less per byte as the text grows, and leaves the largest texts to zlib alone', () => {
    const sizes = [10_000, MB, MB + 1, 4 * MB, 4 * MB + 1, 16 * MB];
    const effort = sizes.map((bytes) => passes(bytes) * Number(/-mfb=(\d+)/.exec(deflateEffort(bytes)?.join(' ') ?? '')?.[1]));
    for (let i = 1; i < effort.length; i++) expect(effort[i]).toBeLessThanOrEqual(effort[i - 1] as number);
    expect(deflateEffort(16 * MB + 1)).toBeUndefined();
  });
});
