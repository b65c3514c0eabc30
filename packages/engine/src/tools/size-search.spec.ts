import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLOSE_ENOUGH, type SizePoint, searchSize } from './size-search.js';

/** A size curve that falls as the setting rises (a video knob), with an uneven rate, as real encoders give. */
const fallingCurve = fc
  .tuple(
    fc.integer({ min: 50_000, max: 50_000_000 }),
    fc.array(fc.double({ min: 0.01, max: 0.4, noNaN: true }), { minLength: 40, maxLength: 40 }),
  )
  .map(
    ([start, steps]) =>
      (setting: number) =>
        Math.round(start * Math.exp(-steps.slice(0, setting).reduce((a, b) => a + b, 0))),
  );

describe('size search', () => {
  it('fits under the target inside the allowed settings, better than any fitting point it knew, within its trials', async () => {
    await fc.assert(
      fc.asyncProperty(
        fallingCurve,
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 39 }),
        fc.double({ min: 0.05, max: 0.99, noNaN: true }),
        fc.integer({ min: 1, max: 4 }),
        async (bytesAt, overAt, span, depth, maxTrials) => {
          const max = Math.min(39, overAt + span);
          const over: SizePoint = { setting: overAt, bytes: bytesAt(overAt) };
          const targetBytes = Math.max(1, Math.floor(over.bytes * depth));
          if (over.bytes <= targetBytes) return;
          const evaluated: number[] = [];
          const found = await searchSize({
            targetBytes,
            known: [over],
            min: overAt + 1,
            max,
            slope: -0.1,
            maxTrials,
            evaluate: async (s) => {
              evaluated.push(s);
              return bytesAt(s);
            },
          });
          expect(evaluated.length).toBeLessThanOrEqual(maxTrials);
          for (const s of evaluated) expect(s > overAt && s <= max).toBe(true);
          expect(new Set(evaluated).size).toBe(evaluated.length);
          if (found) {
            expect(found.bytes).toBeLessThanOrEqual(targetBytes);
            expect(found.bytes).toBe(bytesAt(found.setting));
            // The best of what was tried.
            for (const s of evaluated) if (bytesAt(s) <= targetBytes) expect(bytesAt(s)).toBeLessThanOrEqual(found.bytes);
          } else {
            for (const s of evaluated) expect(bytesAt(s)).toBeGreaterThan(targetBytes);
          }
          // With enough trials on a smooth enough curve, a result that fits whenever the last setting fits.
          if (maxTrials >= 4 && bytesAt(max) <= targetBytes) expect(found).toBeDefined();
        },
      ),
    );
  });

  it('searches only between a known too-large result and a known fitting one, for a larger result that still fits', async () => {
    await fc.assert(
      fc.asyncProperty(
        fallingCurve,
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 2, max: 9 }),
        async (bytesAt, overAt, gap) => {
          const fitAt = overAt + gap;
          const over = { setting: overAt, bytes: bytesAt(overAt) };
          const fit = { setting: fitAt, bytes: bytesAt(fitAt) };
          // Real results are kilobytes at least: far down the curve rounding makes neighbours equal.
          if (fit.bytes < 1000 || fit.bytes >= over.bytes) return;
          // A target between the two, so the fitting level has room to spare.
          const targetBytes = Math.floor((over.bytes + fit.bytes) / 2);
          const evaluated: number[] = [];
          const found = await searchSize({
            targetBytes,
            known: [over, fit],
            min: 0,
            max: 39,
            slope: -0.1,
            maxTrials: 3,
            evaluate: async (setting) => {
              evaluated.push(setting);
              return bytesAt(setting);
            },
          });
          for (const setting of evaluated) expect(setting > overAt && setting < fitAt).toBe(true);
          if (found) {
            expect(found.bytes).toBeLessThanOrEqual(targetBytes);
            expect(found.bytes).toBeGreaterThan(fit.bytes);
          }
        },
      ),
    );
  });

  it('learns the slope from two results that were too large, and spends its last trial on the far end', async () => {
    // Sizes fall far slower than the guess says: a guess-only search would creep towards the target and never fit.
    const bytesAt = (setting: number) => Math.round(1_000_000 * Math.exp(-0.02 * setting));
    const evaluated: number[] = [];
    const found = await searchSize({
      targetBytes: 700_000,
      known: [{ setting: 0, bytes: bytesAt(0) }],
      min: 1,
      max: 30,
      slope: -0.2,
      maxTrials: 3,
      evaluate: async (s) => {
        evaluated.push(s);
        return bytesAt(s);
      },
    });
    expect(evaluated[0]).toBe(2);
    expect(evaluated[1]).toBeGreaterThan(10);
    expect(found && found.bytes <= 700_000).toBe(true);
  });

  it('lands within 10 % under the target on a steady curve, in a few trials', async () => {
    // A bitrate: bytes grow with it, plus a fixed overhead (tags, cover).
    const bytesAt = (kbps: number) => 20_000 + kbps * 125 * 200;
    let trials = 0;
    const found = await searchSize({
      targetBytes: 2_500_000,
      known: [{ setting: 128, bytes: bytesAt(128) }],
      min: 32,
      max: 127,
      slope: 1 / 100,
      maxTrials: 3,
      evaluate: async (kbps) => {
        trials++;
        return bytesAt(kbps);
      },
    });
    expect(found && found.bytes <= 2_500_000 && found.bytes >= 2_500_000 * CLOSE_ENOUGH).toBe(true);
    expect(trials).toBeLessThanOrEqual(2);
  });

  it('starts from a predicted setting on a scale of its own, and goes past a result that fits with room to spare', async () => {
    // An average bitrate that comes out at four fifths of the rate asked: the prediction (the rate the target's size
    // would take) fits with a fifth to spare, so the next trial goes up, on the prior slope, past it.
    const bytesAt = (kbps: number) => kbps * 0.8 * 12_500;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 400_000, max: 3_000_000 }), async (targetBytes) => {
        const tried: number[] = [];
        const start = Math.min(320, Math.max(32, Math.floor((targetBytes * 0.97) / 12_500)));
        const found = await searchSize({
          targetBytes,
          known: [],
          start,
          min: 32,
          max: 320,
          // ln(bytes) grows by 1 / kbps per kb/s where bytes are proportional to the rate.
          slope: 1 / start,
          maxTrials: 3,
          evaluate: async (kbps) => {
            tried.push(kbps);
            return bytesAt(kbps);
          },
        });
        expect(tried[0]).toBe(start);
        if (bytesAt(320) < targetBytes * CLOSE_ENOUGH) {
          // Even the highest rate leaves room: it is the answer, reached and not passed.
          expect(found?.setting).toBe(320);
          return;
        }
        expect(tried.length).toBeLessThanOrEqual(3);
        expect(found && found.bytes <= targetBytes && found.bytes >= targetBytes * CLOSE_ENOUGH).toBe(true);
      }),
    );
  });
  it('evaluates nothing when no setting is allowed', async () => {
    const tried: number[] = [];
    const found = await searchSize({
      targetBytes: 1000,
      known: [{ setting: 32, bytes: 2000 }],
      min: 32,
      max: 31,
      slope: 1 / 32,
      maxTrials: 3,
      evaluate: async (kbps) => {
        tried.push(kbps);
        return 500;
      },
    });
    expect(tried).toEqual([]);
    expect(found).toBeUndefined();
  });
});
