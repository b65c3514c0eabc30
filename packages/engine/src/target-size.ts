import { COMPRESSION_LEVELS, type CompressionLevel, MB, type TargetOutcome } from '@shrinkly/contract';

/** What the target chooses among: a level's result, with its size. */
export interface Sized {
  size: number;
  notes: string[];
}

/** The levels a target chooses among: the one asked for, whose floor is the lowest quality accepted, and the lighter. */
export function levelsWithin(level: CompressionLevel): CompressionLevel[] {
  return COMPRESSION_LEVELS.slice(0, COMPRESSION_LEVELS.indexOf(level) + 1);
}

/** A size in the product's words: base 1024, "9.6MB", "740KB". */
export function sizeText(bytes: number): string {
  return bytes >= MB ? `${Number((bytes / MB).toFixed(1))}MB` : `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

/**
 * The best-quality result at or under `targetBytes`: the original when it already fits, else the lightest level up
 * to `level` whose result fits (the levels' results only grow smaller from light to maximum), else the result of
 * `level` itself, the smallest that keeps its floor, reported as not meeting the target. `resultsOf` gives the
 * results of some levels (a family with a ladder, `batched`, computes them in one search); each is asked for once.
 */
export async function fitTarget<R extends Sized>(
  originalSize: number,
  level: CompressionLevel,
  targetBytes: number,
  resultsOf: (levels: CompressionLevel[]) => Promise<Partial<Record<CompressionLevel, R>>>,
  keepOriginal: (note: string) => R,
  batched: boolean,
): Promise<{ result: R; target: NonNullable<TargetOutcome> }> {
  const target = sizeText(targetBytes);
  if (originalSize <= targetBytes) {
    return {
      result: keepOriginal(`The file is already under ${target}, so it is kept as it is`),
      target: { bytes: targetBytes, met: true, level: 'original' },
    };
  }
  const allowed = levelsWithin(level);
  // The level asked for first: when even it does not fit, nothing lighter will, and the call costs one run.
  const results = await resultsOf([level]);
  const strongest = results[level];
  if (!strongest) throw new Error(`no result for ${level}`);
  if (strongest.size > targetBytes) {
    const note = `Could not get under ${target} while keeping the ${level} level's quality: this is the smallest result that does (${sizeText(strongest.size)})`;
    return { result: withNote(strongest, note), target: { bytes: targetBytes, met: false, level } };
  }
  // It fits: the lighter levels, in one more search for a family with a ladder, else one by one from light.
  const lighter = allowed.filter((l) => l !== level);
  if (batched && lighter.length > 0) Object.assign(results, await resultsOf(lighter));
  for (const candidate of allowed) {
    const result = results[candidate] ?? (await resultsOf([candidate]))[candidate];
    if (result && result.size <= targetBytes) {
      const note = `Under ${target} at the ${candidate} level, the best quality that fits`;
      return { result: withNote(result, note), target: { bytes: targetBytes, met: true, level: candidate } };
    }
  }
  return {
    result: withNote(strongest, `Under ${target} at the ${level} level`),
    target: { bytes: targetBytes, met: true, level },
  };
}

function withNote<R extends Sized>(result: R, note: string): R {
  return { ...result, notes: [note, ...result.notes] };
}
