import type { CompressionLevel } from '@shrinkly/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WORK_BUDGETS } from './budget.js';
import { familyBudget } from './engine-call.js';
import { type FitChoices, fitTarget, levelsWithin, type SizeTo, TARGET_RUNS } from './target-size.js';

type Result = { size: number; notes: string[]; from: CompressionLevel | 'original' | 'sized' };

/** Results that never grow from light to maximum, as the engine's ladder gives them. */
const ladder = fc
  .tuple(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 500 }))
  .map(([light, a, b]) => ({ light, balanced: Math.max(1, light - a), maximum: Math.max(1, light - a - b) }));

async function fit(
  sizes: Record<CompressionLevel, number>,
  original: number,
  level: CompressionLevel,
  target: number,
  batched = true,
  choices: FitChoices<Result> = {},
) {
  const asked: CompressionLevel[][] = [];
  const out = await fitTarget<Result>(
    original,
    level,
    target,
    async (levels) => {
      asked.push(levels);
      return Object.fromEntries(levels.map((l) => [l, { size: sizes[l], notes: [], from: l }]));
    },
    (note) => ({ size: original, notes: [note], from: 'original' }),
    batched,
    choices,
  );
  return { ...out, asked };
}

describe('target size', () => {
  it('gives a call with a target the time of two level runs, unless the caller capped it', () => {
    const photo = { ext: 'jpg', mime: 'image/jpeg', family: 'image' } as const;
    expect(familyBudget(undefined, TARGET_RUNS)(photo)).toEqual({ ms: 2 * WORK_BUDGETS.image.timeMs, extendable: true });
    expect(familyBudget(5_000, TARGET_RUNS)(photo)).toEqual({ ms: 5_000, extendable: false });
  });

  it('lets a target choose among the level asked for and the lighter ones', () => {
    expect(levelsWithin('light')).toEqual(['light']);
    expect(levelsWithin('maximum')).toEqual(['light', 'balanced', 'maximum']);
  });

  it('gives the best quality that fits, the smallest within the floor when none does, and the original when it fits', async () => {
    await fc.assert(
      fc.asyncProperty(
        ladder,
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 1, max: 1200 }),
        fc.constantFrom<CompressionLevel>('light', 'balanced', 'maximum'),
        fc.boolean(),
        async (sizes, extra, target, level, batched) => {
          const original = sizes.light + extra;
          const { result, target: outcome, asked } = await fit(sizes, original, level, target, batched);
          const allowed = levelsWithin(level);
          if (original <= target) {
            expect(result.from).toBe('original');
            expect(outcome).toEqual({ bytes: target, met: true, level: 'original', belowFloor: false, belowFloorAllowed: false });
            return;
          }
          const fitting = allowed.filter((l) => sizes[l] <= target);
          if (fitting.length === 0) {
            // Not met: the strongest allowed level's result, never one below the floor asked for.
            expect(result.from).toBe(level);
            expect(outcome.met).toBe(false);
            expect(result.notes[0]).toMatch(/^Could not get under/);
          } else {
            // Met, by the lightest (best-quality) level that fits.
            expect(result.from).toBe(fitting[0]);
            expect(result.size).toBeLessThanOrEqual(target);
            expect(outcome).toEqual({ bytes: target, met: true, level: fitting[0], belowFloor: false, belowFloorAllowed: false });
          }
          // Each level is computed once at most.
          expect(asked.flat().length).toBe(new Set(asked.flat()).size);
          if (!batched && fitting.length > 0) {
            // Without a ladder: from the level asked for up to the first lighter one that does not fit, and no further.
            const upTo = Math.max(0, allowed.indexOf(fitting[0] as CompressionLevel) - 1);
            expect(asked.flat()).toEqual(allowed.slice(upTo).reverse());
          }
        },
      ),
    );
  });

  it('says consent changed nothing for a family that cannot go below its floor', async () => {
    const sizes = { light: 900, balanced: 800, maximum: 700 };
    const { result, target } = await fit(sizes, 1000, 'maximum', 500, true, { belowFloor: true });
    expect(target).toEqual({ bytes: 500, met: false, level: 'maximum', belowFloor: false, belowFloorAllowed: false });
    expect(result.notes[0]).toMatch(/^Could not get under .* while keeping the maximum level's quality/);
    expect(result.notes[0]).not.toMatch(/Allow lower quality/);
  });

  it('sizes between a level that does not fit and one that fits with room, and below the floor only with consent', async () => {
    await fc.assert(
      fc.asyncProperty(
        ladder,
        fc.integer({ min: 1, max: 1200 }),
        fc.constantFrom<CompressionLevel>('light', 'balanced', 'maximum'),
        fc.boolean(),
        // Where a sized result lands in its range (a family's search may miss the target), or none at all.
        fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
        // Families with a ladder give the lighter levels in one search; the others one level at a time.
        fc.boolean(),
        async (sizes, target, level, belowFloor, landing, batched) => {
          const requests: { tooLarge: Result; fits?: Result; level: CompressionLevel }[] = [];
          const sizeTo: SizeTo<Result> = async (request) => {
            requests.push(request);
            if (landing === null) return undefined;
            const low = request.fits?.size ?? 1;
            const size = Math.max(1, Math.round(low + (request.tooLarge.size - low) * landing));
            return { size, notes: [], from: 'sized' };
          };
          const original = sizes.light + 1;
          const { result, target: outcome } = await fit(sizes, original, level, target, batched, { sizeTo, belowFloor });
          const allowed = levelsWithin(level);
          if (original <= target) return;
          const fitting = allowed.filter((l) => sizes[l] <= target);
          if (outcome.met) expect(result.size).toBeLessThanOrEqual(target);
          if (outcome.belowFloor) {
            // Below the floor: only with consent, only when no level fits, sized past the level asked for.
            expect(belowFloor).toBe(true);
            expect(fitting).toEqual([]);
            expect(requests).toEqual([{ tooLarge: expect.objectContaining({ from: level }), level }]);
            expect(result.from).toBe('sized');
          } else if (fitting.length > 0) {
            const [best] = fitting;
            expect(outcome.level).toBe(best);
            // Never worse than the level that fits; a sized result only between it and the lighter one that does not.
            expect(result.size).toBeGreaterThanOrEqual(sizes[best as CompressionLevel]);
            if (result.from === 'sized') expect(requests[0]?.fits?.from).toBe(best);
            // A level with room is always sized against the lighter one that does not fit (light: the original).
            const lighter = allowed[allowed.indexOf(best as CompressionLevel) - 1] ?? 'original';
            if (sizes[best as CompressionLevel] < target * 0.9)
              expect(requests[0]).toMatchObject({ tooLarge: { from: lighter }, fits: { from: best } });
          } else {
            expect(result.from).toBe(level);
            expect(outcome.met).toBe(false);
          }
        },
      ),
    );
  });
});
