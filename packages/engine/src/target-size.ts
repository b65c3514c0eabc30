import { COMPRESSION_LEVELS, type CompressionLevel, MB, type TargetOutcome } from '@shrinkly/contract';
import { CLOSE_ENOUGH } from './tools/size-search.js';

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
 * How many level runs' time a call with a target gets: the level asked for, then one more search (the lighter levels,
 * or a sized setting). A call that went over one run's time would otherwise fail where the level alone succeeds.
 */
export const TARGET_RUNS = 2;

/** A family's sizing past its levels (see `FamilyCompressor.sizeTo`), as the engine offers it to `fitTarget`. */
export type SizeTo<R> = (request: { tooLarge: R; fits?: R; level: CompressionLevel }) => Promise<R | undefined>;

export interface FitChoices<R> {
  /** Absent for families whose results come at their levels' settings only. */
  sizeTo?: SizeTo<R> | undefined;
  /** The user's consent to a result below `level`'s floor when none within it fits. */
  belowFloor?: boolean | undefined;
}

/**
 * The best-quality result at or under `targetBytes`: the original when it already fits, else the lightest level up
 * to `level` whose result fits (the levels' results only grow smaller from light to maximum), else the result of
 * `level` itself, the smallest that keeps its floor, reported as not meeting the target. `resultsOf` gives the
 * results of some levels; each is asked for once. `batched`: the lighter levels are computed in one search (a family
 * with a ladder whose separate runs would repeat each other's work), else one at a time, up to the first that does not
 * fit.
 *
 * A family that can size its results (`sizeTo`) does better in two places: a level that fits with more than 10 %
 * to spare after a lighter one did not is replaced by a setting between the two, just under the target and still
 * within the fitting level's floor; and with the user's consent (`belowFloor`), a target no level reaches gets the
 * setting past `level` that fits, with its score, said to be below the floor.
 */
export async function fitTarget<R extends Sized>(
  originalSize: number,
  level: CompressionLevel,
  targetBytes: number,
  resultsOf: (levels: CompressionLevel[]) => Promise<Partial<Record<CompressionLevel, R>>>,
  keepOriginal: (note: string) => R,
  batched: boolean,
  choices: FitChoices<R> = {},
): Promise<{ result: R; target: NonNullable<TargetOutcome> }> {
  const target = sizeText(targetBytes);
  const outcome = (met: boolean, at: NonNullable<TargetOutcome>['level'], belowFloor = false) => ({
    bytes: targetBytes,
    met,
    level: at,
    belowFloor,
    belowFloorAllowed: (choices.belowFloor ?? false) && choices.sizeTo !== undefined,
  });
  if (originalSize <= targetBytes) {
    return {
      result: keepOriginal(`The file is already under ${target}, so it is kept as it is`),
      target: outcome(true, 'original'),
    };
  }
  const { sizeTo } = choices;
  const allowed = levelsWithin(level);
  // The level asked for first: when even it does not fit, nothing lighter will, and the call costs one run.
  const results = await resultsOf([level]);
  const strongest = results[level];
  if (!strongest) throw new Error(`no result for ${level}`);
  if (strongest.size > targetBytes) {
    const below = choices.belowFloor && sizeTo ? await sizeTo({ tooLarge: strongest, level }) : undefined;
    if (below && below.size <= targetBytes) {
      const note = `Under ${target} below the ${level} level's quality, as you allowed: expect visible or audible differences`;
      return { result: withNote(below, note), target: outcome(true, level, true) };
    }
    const smallest = `this is the smallest result that does (${sizeText(strongest.size)})`;
    // Consent only matters for a family that can go below its floor (sizeTo); for the others the usual answer stands.
    const note =
      choices.belowFloor && sizeTo
        ? `Could not get under ${target} even below the ${level} level's quality: this is the ${level} level's result (${sizeText(strongest.size)})`
        : `Could not get under ${target} while keeping the ${level} level's quality: ${smallest}${sizeTo ? '. Allow lower quality to make it fit' : ''}`;
    return { result: withNote(strongest, note), target: outcome(false, level) };
  }
  // It fits: the answer is the lightest level that fits. A batched family gives the lighter levels in one more
  // search; the others run one level at a time going up from the one asked for, and stop at the first that does not
  // fit: a lighter level is no smaller (the ladder is monotonic), so its run would be wasted.
  const lighter = allowed.filter((l) => l !== level);
  if (batched && lighter.length > 0) Object.assign(results, await resultsOf(lighter));
  let best = allowed.length - 1;
  while (best > 0) {
    const next = allowed[best - 1] as CompressionLevel;
    results[next] ??= (await resultsOf([next]))[next];
    if ((results[next]?.size ?? Number.POSITIVE_INFINITY) > targetBytes) break;
    best--;
  }
  const candidate = allowed[best] as CompressionLevel;
  const result = results[candidate] ?? strongest;
  // Sized against the lighter level that did not fit (light with room to spare: against the original itself, known
  // to be over the target), so the result is not wastefully small.
  const above = best > 0 ? (allowed[best - 1] as CompressionLevel) : undefined;
  const tooLarge = above ? results[above] : keepOriginal('');
  const between =
    tooLarge && sizeTo && result.size < targetBytes * CLOSE_ENOUGH
      ? await sizeTo({ tooLarge, fits: result, level: candidate })
      : undefined;
  if (between && between.size <= targetBytes && between.size > result.size) {
    const where = above ? `between the ${above} and ${candidate} levels` : `above the ${candidate} level`;
    const note = `Under ${target} at a setting ${where}, the best quality that fits`;
    return { result: withNote(between, note), target: outcome(true, candidate) };
  }
  const note = `Under ${target} at the ${candidate} level, the best quality that fits`;
  return { result: withNote(result, note), target: outcome(true, candidate) };
}

function withNote<R extends Sized>(result: R, note: string): R {
  return { ...result, notes: [note, ...result.notes] };
}
