import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Track, Trial } from './search.js';
import { type SampleGuide, type SizedTrack, sizeOnTrack } from './size-to.js';

/** A JPEG-like quality scale: files grow about 4 % a step, faster near the top. */
function curve(base: number, steepening: number): (knob: number) => number {
  return (knob) => Math.round(base * Math.exp(0.04 * (knob - 75) + steepening * Math.max(0, knob - 85) ** 2));
}

const track: SizedTrack = {
  id: 'jpeg',
  stages: {},
  precision: 1,
  sizing: { lowest: 10, highest: 100, slope: 0.04 },
  encode: async () => {},
  describe: (knob) => `q${knob}`,
};

/** Full-size and sample encodes of a picture whose sizes follow `full`, its sample a tenth of it give or take `drift`. */
function picture(full: (knob: number) => number, drift: number) {
  const made = { full: 0, sample: 0 };
  const trial = (knob: number, size: number): Trial => ({ track, knob, path: `q${knob}`, size, ssim: 0.99, shift: 0 });
  return {
    made,
    full: async (_: Track, knob: number) => {
      made.full++;
      return trial(knob, full(knob));
    },
    measure: async (_: Track, knob: number) => {
      made.sample++;
      return trial(knob, Math.round((full(knob) / 10) * (1 + drift * (knob - 75))));
    },
  };
}

describe('sizing a sampled picture above its light level', () => {
  it('encodes at full size where the sample points: within 10 % under the target in fewer full-size encodes', async () => {
    const counts: [number, number][] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 50_000, max: 2_000_000 }),
        fc.double({ min: 0, max: 0.01, noNaN: true }),
        fc.double({ min: -0.004, max: 0.004, noNaN: true }),
        fc.double({ min: 0.3, max: 0.9, noNaN: true }),
        async (base, steepening, drift, share) => {
          const sizes = curve(base, steepening);
          const original = sizes(100) * 1.3;
          // Light's result at q77; the target a share of the way from it to the original.
          const targetBytes = Math.round(sizes(77) + share * (original - sizes(77)));
          const known = [
            { setting: 101, bytes: original },
            { setting: 77, bytes: sizes(77) },
          ];
          const alone = picture(sizes, drift);
          const unguided = await sizeOnTrack(track, targetBytes, alone.full)(known, 78, 100);
          const guided = picture(sizes, drift);
          const guide: SampleGuide = { measure: guided.measure, knob: 77, bytes: sizes(77) };
          const found = await sizeOnTrack(track, targetBytes, guided.full, guide)(known, 78, 100);
          // Never more full-size encodes than without the sample, never a file over the target, and never a worse
          // answer: where the full-size search lands within 10 %, so does the guided one.
          expect(guided.made.full).toBeLessThanOrEqual(3);
          if (found) expect(found.size).toBeLessThanOrEqual(targetBytes);
          if (unguided && unguided.size >= targetBytes * 0.9) expect(found?.size).toBeGreaterThanOrEqual(targetBytes * 0.9);
          counts.push([guided.made.full, alone.made.full]);
        },
      ),
      { numRuns: 200 },
    );
    const total = (i: 0 | 1) => counts.reduce((sum, c) => sum + c[i], 0);
    // Over these pictures, fewer than half the full-size encodes of the search alone.
    expect(total(0)).toBeLessThan(total(1) / 2);
  });

  it('on a typical photo, one full-size encode where the search alone needs more', async () => {
    const sizes = curve(100_000, 0.004);
    const original = 700_000;
    const targetBytes = 361_000;
    const known = [
      { setting: 101, bytes: original },
      { setting: 75, bytes: sizes(75) },
    ];
    const alone = picture(sizes, 0.002);
    await sizeOnTrack(track, targetBytes, alone.full)(known, 76, 100);
    const guided = picture(sizes, 0.002);
    const found = await sizeOnTrack(track, targetBytes, guided.full, { measure: guided.measure, knob: 75, bytes: sizes(75) })(
      known,
      76,
      100,
    );
    expect(found?.size).toBeLessThanOrEqual(targetBytes);
    expect(found?.size).toBeGreaterThanOrEqual(targetBytes * 0.9);
    expect(guided.made.full).toBe(1);
    expect(alone.made.full).toBeGreaterThan(1);
  });
});
