import type { LevelSearch } from './codecs.js';

/** One trial encode: the knob value, its SSIM against the reference, its size. */
export interface Trial {
  value: number;
  ssim: number;
  bytes: number;
}

export interface SearchOutcome {
  /** The smallest trial at or above the target (highest knob index), if any met it and came out smaller than the limit. */
  best?: Trial;
  /** The SSIM the search had to keep: the floor, raised to the anchor's SSIM when an anchor was measured. */
  target: number;
  /** True when no answer was found because outputs stopped being smaller than `bytesLimit`. */
  tooBig: boolean;
  /** d ln(1 − SSIM) / d index as last measured (the first guess when fewer than two trials differ). */
  slope: number;
  trials: Trial[];
}

export interface SearchOptions {
  /** Knob values, best quality first; the search runs over their indices. The level's start and cap are among them. */
  values: readonly number[];
  level: LevelSearch;
  floor: number;
  /** First guess of d ln(1 − SSIM) / d index, replaced by the measured slope once two trials exist. */
  slope: number;
  /**
   * A reference knob value (the standard tool's setting on the same encoder axis), measured as the first trial:
   * its SSIM raises the target, so the result is never below the quality the standard setting gives. Ignored
   * when it is not one of `values` or lies beyond the level's cap.
   */
  anchor?: number;
  /** A trial this large or larger cannot be the answer, nor can any better-quality value (sizes rise as quality does). */
  bytesLimit?: number;
  /** Most rounds of trial encodes per call (one encode each, or two side by side): keeps runtime bounded. */
  maxTrials?: number;
  /**
   * Trials measured side by side once the threshold is bracketed (default 1): with 2, the value beside the model's
   * guess is measured with it (the one after it when the model expects the guess to pass, else the one before), for
   * encodes too small to keep two cores busy on their own. The value beside costs no round of `maxTrials`, so a
   * search with it ends on the threshold whenever one value at a time does.
   */
  probesAtOnce?: number;
  evaluate: (value: number) => Promise<{ ssim: number; bytes: number }>;
}

/** The search's model of quality: ln(1 − SSIM), close to linear in the knob. */
export const lossOf = (ssim: number) => Math.log(Math.max(1e-6, 1 - ssim));

function indexOf(values: readonly number[], value: number): number {
  const index = values.indexOf(value);
  if (index < 0) throw new Error(`${value} is not one of the knob's values`);
  return index;
}

/**
 * Finds the highest knob index (smallest file) whose SSIM stays at or above the target, between the codec's best
 * value and the level's cap. It keeps a bracket [highest passing, lowest failing] and probes where a model of
 * ln(1 − SSIM), linear in the index, predicts the target is crossed; it stops when the bracket is one step wide.
 * Every level searches the same deterministic curve for its exact threshold, so a stricter floor never ends at a
 * higher index: the levels' sizes stay in order, in one run or in separate calls. With an anchor, the threshold
 * is max(floor, SSIM at the anchor); an anchor that keeps the floor is the answer itself (one encode), since
 * values past it give less quality by construction.
 */
export async function searchQuality(options: SearchOptions): Promise<SearchOutcome> {
  const { values } = options;
  const maxTrials = options.maxTrials ?? 6;
  const capIndex = indexOf(values, options.level.cap);
  let pass = -1;
  let fail = capIndex + 1;
  // Highest index whose output is not smaller than the limit: nothing at or below it can be the answer.
  let useless = -1;
  const trials = new Map<number, Trial>();
  const anchorIndex = options.anchor === undefined ? -1 : values.indexOf(options.anchor);
  const anchored = anchorIndex >= 0 && anchorIndex <= capIndex;
  let next = anchored ? anchorIndex : Math.min(capIndex, indexOf(values, options.level.start));
  let target = options.floor;
  let slope = options.slope;
  // Size of the last move, in indices (0 before the second trial).
  let lastStep = 0;

  let beside: number | undefined;

  for (let round = 0; round < maxTrials; round++) {
    const batch = beside === undefined ? [next] : [next, beside];
    const results = await Promise.all(batch.map((i) => options.evaluate(values[i] as number)));
    // In index order, so what is recorded never depends on which encode finishes first.
    for (const [k, i] of batch.entries()) {
      const measured = results[k] as { ssim: number; bytes: number };
      trials.set(i, { value: values[i] as number, ...measured });
      // The anchor is the first trial, so raising the target here reclassifies nothing already measured.
      if (anchored && i === anchorIndex) target = Math.max(target, measured.ssim);
      if (measured.ssim >= target) pass = Math.max(pass, i);
      else fail = Math.min(fail, i);
      if (options.bytesLimit !== undefined && measured.bytes >= options.bytesLimit) useless = Math.max(useless, i);
    }
    const result = results[0] as { ssim: number; bytes: number };
    if (anchored && pass === anchorIndex) break;
    const low = Math.max(pass, useless);
    if (fail - low <= 1) break;

    // Slope from the two trials nearest the bracket when they exist; the first guess otherwise.
    const known = [...trials.entries()].sort((a, b) => a[0] - b[0]);
    const a = trials.get(pass) ? ([pass, trials.get(pass)!] as const) : known[0]!;
    const b = trials.get(fail) ? ([fail, trials.get(fail)!] as const) : known[known.length - 1]!;
    slope = options.slope;
    if (b[0] !== a[0]) {
      const measured = (lossOf(b[1].ssim) - lossOf(a[1].ssim)) / (b[0] - a[0]);
      if (measured > 0.005) slope = measured;
    }
    // The highest index the model expects to keep the target.
    const model = Math.floor(next + (lossOf(target) - lossOf(result.ssim)) / slope);
    let predicted = model;
    // Until the threshold is bracketed, each step is at least twice the last: the curve flattens towards its ends.
    // Towards better quality it goes at most half way to the best value: a curve with a cliff (grain the encoder
    // stops coding) predicts a jump to the very best, which is the slowest encode and says little.
    if (pass < 0) predicted = Math.max(Math.floor(next / 2), Math.min(predicted, next - 2 * Math.max(1, lastStep)));
    else if (fail > capIndex) predicted = Math.max(predicted, next + 2 * Math.max(1, lastStep));
    else {
      // Bracketed: the model may creep along a flat stretch before a cliff; every probe cuts the bracket by a quarter.
      const margin = Math.max(1, Math.floor((fail - low) / 4));
      predicted = Math.min(fail - margin, Math.max(low + margin, predicted));
    }
    const from = next;
    next = Math.max(low + 1, Math.min(fail - 1, predicted));
    if (trials.has(next)) next = Math.floor((low + fail) / 2);
    if (trials.has(next) || next <= low || next >= fail) break;
    lastStep = Math.abs(next - from);
    const bracketed = pass >= 0 && fail <= capIndex;
    beside = (options.probesAtOnce ?? 1) > 1 && bracketed ? besideOf(next, model >= next, low, fail, trials) : undefined;
  }
  const sorted = [...trials.values()].sort((x, y) => x.value - y.value);
  const best = pass > useless ? trials.get(pass) : undefined;
  return { best, target, tooBig: !best && useless >= 0, slope, trials: sorted };
}

/**
 * The index measured beside `next` in a bracket (low, fail): the one the next step needs if the model is right about
 * `next` (after it when `next` is expected to pass, else before it), or the other neighbour; none when both are
 * measured or outside the bracket.
 */
function besideOf(
  next: number,
  expectPass: boolean,
  low: number,
  fail: number,
  trials: ReadonlyMap<number, Trial>,
): number | undefined {
  const order = expectPass ? [next + 1, next - 1] : [next - 1, next + 1];
  return order.find((i) => i > low && i < fail && !trials.has(i));
}
