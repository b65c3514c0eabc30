import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompressionLevel } from '../../types.js';
import { VIDEO_CODECS } from './codecs.js';
import { judgeFrames } from './quality.js';
import { searchQuality } from './search.js';
import { placeSpans } from './segments.js';

/** A smooth quality curve: ln(1 − SSIM) rising by `slope` per knob step from `at0`. */
const curve = (at0: number, slope: number) => (index: number) => 1 - Math.exp(Math.log(1 - at0) + slope * index);
const CRF = Array.from({ length: 27 }, (_, i) => 14 + i);

/** The values a search asks for, by round: those asked before any of them is answered are encoded side by side. */
function roundsOf() {
  const rounds: number[][] = [];
  let round: number[] | undefined;
  const record = (value: number) => {
    if (!round) {
      const fresh: number[] = [];
      round = fresh;
      rounds.push(fresh);
      queueMicrotask(() => {
        round = undefined;
      });
    }
    round.push(value);
  };
  return { rounds, record };
}

function search(options: {
  floor: number;
  anchor?: number;
  start: number;
  cap: number;
  bytesLimit?: number;
  ssimAt?: (i: number) => number;
  values?: number[];
  probesAtOnce?: number;
}) {
  const values = options.values ?? CRF;
  const ssimAt = options.ssimAt ?? curve(0.998, 0.12);
  const tried: number[] = [];
  const { rounds, record } = roundsOf();
  const outcome = searchQuality({
    values,
    floor: options.floor,
    slope: 0.11,
    anchor: options.anchor,
    bytesLimit: options.bytesLimit,
    probesAtOnce: options.probesAtOnce,
    level: { start: options.start, cap: options.cap, typical: options.start },
    evaluate: async (value) => {
      tried.push(value);
      record(value);
      const index = values.indexOf(value);
      return { ssim: ssimAt(index), bytes: 1_000_000 * Math.exp(-0.1 * index) };
    },
  });
  return outcome.then((o) => ({ ...o, tried, rounds }));
}

describe('quality search', () => {
  it('finds the exact threshold of each floor, and a stricter floor never a higher value', async () => {
    const ssimAt = curve(0.998, 0.12);
    const highestPassing = (floor: number) => CRF.filter((_, i) => ssimAt(i) >= floor).at(-1);
    for (const floor of [0.99, 0.97, 0.94]) {
      const r = await search({ floor, start: 28, cap: 40, ssimAt });
      expect(r.best?.value, String(floor)).toBe(highestPassing(floor));
    }
  });

  it('stops at the anchor when it keeps the floor: one encode', async () => {
    const r = await search({ floor: 0.97, anchor: 28, start: 24, cap: 34 });
    expect(r.tried).toEqual([28]);
    expect(r.best?.value).toBe(28);
  });

  it('tries the cap first at maximum and stops there when it keeps the floor', async () => {
    const r = await search({ floor: 0.9, start: 40, cap: 40 });
    expect(r.tried).toEqual([40]);
  });

  it('gives up, saying why, once outputs stop being smaller than the limit', async () => {
    const r = await search({ floor: 0.99, anchor: 28, start: 22, cap: 28, bytesLimit: 10_000 });
    expect(r.best).toBeUndefined();
    expect(r.tooBig).toBe(true);
    expect(r.tried).toEqual([28]);
  });

  it('on a quality cliff (grain the encoder stops coding) bisects instead of jumping to the best value or creeping', async () => {
    // Flat down to CRF 32, then a cliff: the first trial, far past it, predicts the very best value.
    const ssimAt = (i: number) => (i <= 18 ? 0.99 - 0.001 * i : 0.5);
    const r = await search({ floor: 0.97, start: 40, cap: 40, ssimAt });
    expect(r.best?.value).toBe(32);
    expect(r.tried).not.toContain(14);
    expect(r.tried.length).toBeLessThanOrEqual(6);
  });

  it('measures two values of a bracket at once when asked to, for the same answer in fewer rounds', async () => {
    // A tiny clip at balanced: CRF 28 fails, 23 passes, and 24 and 25 settle the threshold together.
    const ssimAt = curve(0.995, 0.17);
    for (const floor of [0.99, 0.97, 0.94]) {
      const one = await search({ floor, start: 28, cap: 34, ssimAt });
      const two = await search({ floor, start: 28, cap: 34, ssimAt, probesAtOnce: 2 });
      expect(two.best?.value, String(floor)).toBe(one.best?.value);
      expect(two.rounds.length, String(floor)).toBeLessThanOrEqual(one.rounds.length);
      expect(two.rounds.every((r) => r.length <= 2)).toBe(true);
    }
    const r = await search({ floor: 0.97, start: 28, cap: 34, ssimAt: curve(0.995, 0.17), probesAtOnce: 2 });
    expect(r.rounds.some((round) => round.length === 2)).toBe(true);
    expect(r.rounds.length).toBeLessThan(r.tried.length);
  });

  it('measures the value beside a guess without spending a round on it: a wide bracket at maximum still closes', async () => {
    // A small WMV at maximum (q8 to q31): measured two at once, the value beside each guess took a round of the six,
    // and the search stopped at q8 with q12 still to find, a file larger than balanced's q10.
    const codec = VIDEO_CODECS.wmv as (typeof VIDEO_CODECS)[string];
    const ssim: Record<number, number> = {
      2: 0.9989,
      3: 0.9986,
      4: 0.9983,
      5: 0.998,
      6: 0.9973,
      7: 0.9964,
      8: 0.9954,
      9: 0.9858,
      10: 0.9793,
      12: 0.9533,
      14: 0.939,
      16: 0.9276,
      19: 0.9159,
      22: 0.8803,
      26: 0.8533,
      31: 0.8008,
    };
    const pick = async (level: CompressionLevel, probesAtOnce: number) =>
      (
        await searchQuality({
          values: codec.values,
          level: codec.levels[level],
          floor: level === 'maximum' ? 0.94 : 0.97,
          slope: codec.slope,
          maxTrials: 6,
          probesAtOnce,
          evaluate: async (value) => ({ ssim: ssim[value] as number, bytes: 1_000_000 / value }),
        })
      ).best?.value;
    expect(await pick('maximum', 2)).toBe(await pick('maximum', 1));
    expect(await pick('maximum', 2)).toBe(12);
    expect(await pick('balanced', 2)).toBe(10);
  });

  it("on any falling quality curve over each codec's values and levels, two values at once end no further from the threshold than one at a time, in no more rounds", async () => {
    const codecs = Object.entries(VIDEO_CODECS);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: codecs.length - 1 }),
        fc.constantFrom<CompressionLevel>('light', 'balanced', 'maximum'),
        // Each step down the values loses some quality: a smooth curve, or one with a cliff.
        fc.array(fc.double({ min: 0, max: 0.4, noNaN: true }), { minLength: 45, maxLength: 45 }),
        fc.double({ min: 0.99, max: 0.9999, noNaN: true }),
        fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
        async (which, level, drops, best, limitAt) => {
          const [, codec] = codecs[which] as [string, (typeof VIDEO_CODECS)[string]];
          // ln(1 − SSIM) rises by each drop, so quality falls along the values (best first).
          const ssimAt = (i: number) => 1 - (1 - best) * Math.exp(drops.slice(0, i).reduce((x, y) => x + y, 0));
          const run = async (probesAtOnce: number) => {
            const { rounds, record } = roundsOf();
            const outcome = await searchQuality({
              values: codec.values,
              level: codec.levels[level],
              floor: { light: 0.99, balanced: 0.97, maximum: 0.94 }[level],
              slope: codec.slope,
              anchor: level === 'maximum' ? undefined : codec.anchor,
              bytesLimit: limitAt === undefined ? undefined : 1_000_000 * Math.exp(-0.1 * limitAt),
              maxTrials: 6,
              probesAtOnce,
              evaluate: async (value) => {
                const i = codec.values.indexOf(value);
                record(value);
                return { ssim: ssimAt(i), bytes: 1_000_000 * Math.exp(-0.1 * i) };
              },
            });
            return { best: outcome.best?.value, target: outcome.target, rounds: rounds.length };
          };
          const one = await run(1);
          const two = await run(2);
          // The same threshold, or (where one value at a time ran out of rounds first) one closer to it: never a
          // value with a larger file.
          const index = (value: number | undefined) => (value === undefined ? -1 : codec.values.indexOf(value));
          expect(index(two.best)).toBeGreaterThanOrEqual(index(one.best));
          if (two.best !== undefined) expect(ssimAt(index(two.best))).toBeGreaterThanOrEqual(two.target);
          expect(two.rounds).toBeLessThanOrEqual(one.rounds);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('runs over falling knobs too (Theora q, best first)', async () => {
    const values = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0];
    const ssimAt = curve(0.998, 0.45);
    const r = await search({ floor: 0.97, start: 6, cap: 3, values, ssimAt });
    expect(r.best?.value).toBe(values.filter((_, i) => ssimAt(i) >= 0.97 && i <= values.indexOf(3)).at(-1));
  });
});

describe('picture windows', () => {
  it('judges consecutive windows, a short last one joining the one before, and reports the worst', () => {
    const figures = [...Array(50).fill(0.95), ...Array(50).fill(0.99), ...Array(10).fill(0.9)];
    const q = judgeFrames(figures, { perWindow: 50 });
    expect(q.worst).toBeCloseTo(0.95, 6);
    expect(q.frames).toBe(110);
    expect(judgeFrames(figures, { perWindow: 100 }).worst).toBeCloseTo((50 * 0.95 + 50 * 0.99 + 10 * 0.9) / 110, 6);
  });

  it('judges each compared span as one window', () => {
    const q = judgeFrames([...Array(4).fill(0.99), ...Array(4).fill(0.96)], {
      perWindow: 4,
      spans: [
        [0, 4],
        [100, 104],
      ],
    });
    expect(q.worst).toBeCloseTo(0.96, 6);
  });
});

describe('spans of a long video', () => {
  it('always measures the start, the end and the busiest spans, never overlapping', () => {
    const starts = placeSpans(600, 2, 6, [0, 301, 300.5, 120]);
    expect(starts).toContain(0);
    expect(starts).toContain(598);
    expect(starts).toContain(301);
    expect(starts).toContain(120);
    expect(starts).toHaveLength(6);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(2);
  });
});
