import type { LevelSearch } from './codecs.js';

/** One trial encode: the knob value, its SSIM against the reference, its size. */
export interface Trial {
  value: number;
  ssim: number;
  bytes: number;
}

export interface SearchOutcome {
  /** The smallest trial at or above the target (highest knob value), if any met it. */
  best?: Trial;
  /** The SSIM the search had to keep: the floor, raised to the anchor's SSIM when an anchor was measured. */
  target: number;
  trials: Trial[];
}

export interface SearchOptions {
  /** Knob values, best quality first; the search runs over their indices. */
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
  /** Most trial encodes per call: keeps runtime bounded whatever the file. */
  maxTrials?: number;
  evaluate: (value: number) => Promise<{ ssim: number; bytes: number }>;
}

const lossOf = (ssim: number) => Math.log(Math.max(1e-6, 1 - ssim));

function indexAtMost(values: readonly number[], value: number): number {
  let found = 0;
  values.forEach((v, i) => {
    if (v <= value) found = i;
  });
  return found;
}

/**
 * Finds the highest knob value (smallest file) whose SSIM stays at or above the floor, between the codec's best
 * value and the level's cap. It keeps a bracket [highest passing, lowest failing] and probes where a model of
 * ln(1 − SSIM), linear in the knob, predicts the floor is crossed; it stops when the bracket is one step wide.
 * Because every level searches the same deterministic curve for its exact threshold, a stricter floor can never
 * end at a higher value: the three levels' sizes stay in order. With an anchor, the threshold is
 * max(floor, SSIM at the anchor): a stricter floor still gives a threshold at least as high.
 */
export async function searchQuality(options: SearchOptions): Promise<SearchOutcome> {
  const { values } = options;
  const maxTrials = options.maxTrials ?? 6;
  const capIndex = indexAtMost(values, options.level.cap);
  let pass = -1;
  let fail = capIndex + 1;
  const trials = new Map<number, Trial>();
  let next = Math.min(capIndex, indexAtMost(values, options.level.start));
  const anchorIndex = options.anchor === undefined ? -1 : values.indexOf(options.anchor);
  if (anchorIndex >= 0 && anchorIndex <= capIndex) next = anchorIndex;
  let floor = options.floor;

  while (trials.size < maxTrials) {
    const value = values[next] as number;
    const result = await options.evaluate(value);
    trials.set(next, { value, ...result });
    // The anchor is the first trial, so raising the target here reclassifies nothing already measured.
    if (next === anchorIndex) floor = Math.max(floor, result.ssim);
    if (result.ssim >= floor) pass = Math.max(pass, next);
    else fail = Math.min(fail, next);
    if (fail - pass <= 1) break;

    // Slope from the two trials nearest the bracket when they exist; the first guess otherwise.
    const known = [...trials.entries()].sort((a, b) => a[0] - b[0]);
    const a = trials.get(pass) ? [pass, trials.get(pass)!] as const : known[0]!;
    const b = trials.get(fail) ? [fail, trials.get(fail)!] as const : known[known.length - 1]!;
    let slope = options.slope;
    if (b[0] !== a[0]) {
      const measured = (lossOf(b[1].ssim) - lossOf(a[1].ssim)) / (b[0] - a[0]);
      if (measured > 0.005) slope = measured;
    }
    const from = [next, result] as const;
    const predicted = Math.floor(from[0] + (lossOf(floor) - lossOf(from[1].ssim)) / slope);
    next = Math.max(pass + 1, Math.min(fail - 1, predicted));
    if (trials.has(next)) next = Math.floor((pass + fail) / 2);
    if (trials.has(next) || next <= pass || next >= fail) break;
  }
  const sorted = [...trials.values()].sort((x, y) => x.value - y.value);
  return { best: pass >= 0 ? trials.get(pass) : undefined, target: floor, trials: sorted };
}
