import { describe, expect, it } from 'vitest';
import { threadsBusy } from './best-deflate.js';

describe("7-Zip's share of the CPU budget", () => {
  it('is one thread while one part holds half the text or more, two when the text is spread', () => {
    expect(threadsBusy([164_000, 66_000, 10_000, 7_000])).toBe(1);
    expect(threadsBusy([50_000, 50_000])).toBe(2);
    expect(threadsBusy([30_000, 20_000, 20_000, 20_000])).toBe(2);
    expect(threadsBusy([5_000])).toBe(1);
  });
});
