import type { CompressionLevel } from '@shrinkly/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitTarget, levelsWithin } from './target-size.js';

type Result = { size: number; notes: string[]; from: CompressionLevel | 'original' };

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
  );
  return { ...out, asked };
}

describe('target size', () => {
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
            expect(outcome).toEqual({ bytes: target, met: true, level: 'original' });
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
            expect(outcome).toEqual({ bytes: target, met: true, level: fitting[0] });
          }
          // Each level is computed once at most.
          expect(asked.flat().length).toBe(new Set(asked.flat()).size);
        },
      ),
    );
  });
});
