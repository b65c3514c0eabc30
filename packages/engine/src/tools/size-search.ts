/**
 * The search behind "make it fit" between two levels, or past the strongest one: a family's setting (an audio
 * bitrate, a video's quality knob by its index) whose result lands just under a size. Sizes follow the setting one
 * way (bitrate up, size up; knob up, size down), roughly exponentially, so each trial is placed where the line
 * through the two nearest known points, in ln(bytes), crosses the aim.
 */

/** A setting tried (or known from a level's result) and the bytes its result took. */
export interface SizePoint {
  setting: number;
  bytes: number;
}

export interface SizeSearch {
  targetBytes: number;
  /**
   * Results known beforehand (the levels' own), on the same scale of settings as the trials; a fitting one bounds
   * the search (only a larger result that still fits is worth a trial), and is not returned.
   */
  known: readonly SizePoint[];
  /**
   * The setting tried first, predicted from the target, for a setting whose scale the known results do not share.
   * Without it, the search starts from a known result larger than the target.
   */
  start?: number;
  /** The settings allowed, inclusive (integers): the search never evaluates outside them. */
  min: number;
  max: number;
  /** Guess of d ln(bytes) / d setting until two points bracket the target; its sign says which way sizes go. */
  slope: number;
  /** Trials at most. */
  maxTrials: number;
  /** A setting's result size, or undefined when no result could be made at it (the search then stops). */
  evaluate: (setting: number) => Promise<number | undefined>;
}

/** Results this close under the target are not worth another trial. */
export const CLOSE_ENOUGH = 0.9;
/** Where a trial aims, under the target: the line is a guess, and a result over the target is a wasted trial. */
export const AIM = 0.97;

/**
 * The setting whose result is the largest found at or under the target, or undefined when no trial fit. Stops once a
 * result is within 10 % under the target, when no setting is left between a fitting and a too-large one, or after
 * `maxTrials`. A result that fits with more room than that, and nothing too large known, is followed by a trial
 * past it, towards larger results.
 */
export async function searchSize(search: SizeSearch): Promise<SizePoint | undefined> {
  const { targetBytes, min, max, slope } = search;
  const grows = slope > 0;
  const points = [...search.known];
  const tried = new Set(points.map((p) => p.setting));
  const knownFit = points.filter((p) => p.bytes <= targetBytes).sort((a, b) => b.bytes - a.bytes)[0];
  let best: SizePoint | undefined;
  if (min > max) return undefined;
  for (let trial = 0; trial < search.maxTrials; trial++) {
    // The bracket: the nearest too-large result and the best fitting one (towards smaller results, none yet).
    const over = nearest(
      points.filter((p) => p.bytes > targetBytes),
      grows ? 'min' : 'max',
    );
    const fit = best ?? knownFit;
    const slopeNow = measuredSlope(points, targetBytes, grows);
    let next: number | undefined;
    if (trial === 0 && search.start !== undefined) next = search.start;
    else if (!over) next = fit ? pastFit(search, fit, slopeNow, grows) : undefined;
    // The last trial with nothing fitting yet goes to the far end: a result that fits beats a closer one that does not.
    else if (trial === search.maxTrials - 1 && !fit) next = grows ? min : max;
    else next = nextSetting(search, over, fit, slopeNow, grows);
    // Past the allowed settings, the last one allowed is the last chance.
    const setting = next === undefined ? undefined : Math.min(max, Math.max(min, next));
    if (setting === undefined || tried.has(setting)) return best;
    tried.add(setting);
    const bytes = await search.evaluate(setting);
    if (bytes === undefined) return best;
    const point = { setting, bytes };
    points.push(point);
    if (bytes <= targetBytes && (!best || bytes > best.bytes)) best = point;
    if (best && best.bytes >= targetBytes * CLOSE_ENOUGH) return best;
  }
  return best;
}

/**
 * The slope of ln(bytes) measured between the two results nearest the target, when it runs the expected way: better
 * than the guess for the next step towards the target while no two results bracket it.
 */
function measuredSlope(points: SizePoint[], targetBytes: number, grows: boolean): number | undefined {
  const distance = (p: SizePoint) => Math.abs(Math.log(p.bytes / targetBytes));
  const [a, b] = [...points].sort((p, q) => distance(p) - distance(q));
  if (!a || !b || a.setting === b.setting) return undefined;
  const slope = (Math.log(a.bytes) - Math.log(b.bytes)) / (a.setting - b.setting);
  return slope > 0 === grows && Number.isFinite(slope) && slope !== 0 ? slope : undefined;
}

function nearest(points: SizePoint[], which: 'min' | 'max'): SizePoint | undefined {
  const pick = which === 'min' ? Math.min : Math.max;
  const at = pick(...points.map((p) => p.setting));
  return points.find((p) => p.setting === at);
}

/** The next setting: on the line through the bracket (or from the too-large point by the slope), strictly inside it. */
function nextSetting(
  search: SizeSearch,
  over: SizePoint,
  fit: SizePoint | undefined,
  measured: number | undefined,
  grows: boolean,
): number | undefined {
  const slope =
    fit && fit.setting !== over.setting && fit.bytes !== over.bytes
      ? (Math.log(over.bytes) - Math.log(fit.bytes)) / (over.setting - fit.setting)
      : (measured ?? search.slope);
  const exact = aimedFrom(search, over, slope);
  // Rounded towards smaller results, and at least one step past the too-large point.
  let setting = grows ? Math.min(Math.floor(exact), over.setting - 1) : Math.max(Math.ceil(exact), over.setting + 1);
  // Strictly between the bracket's ends: a fitting result is only worth replacing by a larger one.
  const low = grows ? (fit?.setting ?? -Infinity) : over.setting;
  const high = grows ? over.setting : (fit?.setting ?? Infinity);
  if (setting <= low || setting >= high) {
    if (!fit) return undefined;
    // The line points outside: halve the bracket instead.
    setting = grows ? Math.floor((low + high) / 2) : Math.ceil((low + high) / 2);
    if (setting <= low || setting >= high) return undefined;
  }
  return setting;
}

/** The next setting past a result that fits with room to spare, towards larger results, on the slope known. */
function pastFit(search: SizeSearch, fit: SizePoint, measured: number | undefined, grows: boolean): number | undefined {
  if (fit.bytes >= search.targetBytes * CLOSE_ENOUGH) return undefined;
  const exact = aimedFrom(search, fit, measured ?? search.slope);
  return grows ? Math.max(Math.floor(exact), fit.setting + 1) : Math.min(Math.ceil(exact), fit.setting - 1);
}

/** Where the line of `slope` in ln(bytes) through `from` reaches the aim under the target (not rounded). */
function aimedFrom(search: SizeSearch, from: SizePoint, slope: number): number {
  return from.setting + (Math.log(search.targetBytes * AIM) - Math.log(from.bytes)) / slope;
}
