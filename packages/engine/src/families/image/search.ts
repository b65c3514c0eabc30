import type { CompressionLevel } from '../../types.js';
import type { ImageSource } from './image-io.js';

/** Levels from the highest quality to the smallest file; each level's search continues the one before it. */
export const LEVEL_ORDER: readonly CompressionLevel[] = ['light', 'balanced', 'maximum'];

/** The levels from light up to `level`. */
export function levelsUpTo(level: CompressionLevel): readonly CompressionLevel[] {
  return LEVEL_ORDER.slice(0, LEVEL_ORDER.indexOf(level) + 1);
}

/** The knob values one level may try on a track: higher knob = higher quality = larger file. */
export interface KnobRange {
  min: number;
  max: number;
  /** First value tried (the product's quality value for the level where there is one, CONST-15). */
  start: number;
}

/**
 * One way of encoding with one quality knob, e.g. "mozjpeg with 4:2:0 chroma, quality 0-100". A lossless recipe is
 * a track whose range is a single value.
 */
export interface Track {
  id: string;
  /** The levels that search this track, and where. */
  stages: Partial<Record<CompressionLevel, KnobRange>>;
  /** Knob values closer than this are not told apart: the search stops there. */
  precision: number;
  /** It reads the original file itself (a tool that takes its own format only): searches on samples leave it out. */
  originalOnly?: boolean;
  encode(source: ImageSource, knob: number, out: string): Promise<void>;
  /** Human description of the setting, e.g. "mozjpeg q72 4:2:0". */
  describe(knob: number): string;
}

/**
 * The standard tool's setting for a format (e.g. mozjpeg q75), made through the same encoder as the tracks. Its SSIM
 * on the file raises the light and balanced bars (see `anchoredBars`), and the encoding itself is a candidate, so a
 * balanced result is never larger than it at a lower SSIM. A track with the id of one of the job's tracks shares
 * that track's trials.
 */
export interface Anchor {
  track: Track;
  knob: number;
}

/** One measured encoding. `ssim` is -1 when it failed to encode or to decode back with the same geometry. */
export interface Trial {
  track: Track;
  knob: number;
  path: string;
  size: number;
  ssim: number;
  /** Largest 8×8 block colour shift (see quality.ts). */
  shift: number;
}

/** The quality a level demands (see quality.ts). */
export type QualityBar = { ssim: number; shift: number };

export function meets(trial: Pick<Trial, 'ssim' | 'shift'> | undefined, bar: QualityBar): boolean {
  return trial !== undefined && trial.ssim >= bar.ssim && trial.shift <= bar.shift;
}

export type Evaluate = (track: Track, knob: number) => Promise<Trial>;

/** Rounds of probes per track per level: enough for an interpolating search over a 0-100 knob to land within a few steps. */
const ROUNDS_PER_STAGE = 3;

/** A measured slope of SSIM per knob step near `knob`: from the nearest other trial on the track, when it rises. */
function slopeAt(knob: number, known: ReadonlyMap<number, Trial>): number | undefined {
  const here = known.get(knob)?.ssim ?? -1;
  const others = [...known.entries()].filter(([k, t]) => k !== knob && t.ssim > 0 && t.ssim !== here);
  const [nearest] = others.sort(([a], [b]) => Math.abs(a - knob) - Math.abs(b - knob) || a - b);
  if (here < 0 || !nearest) return undefined;
  const slope = (nearest[1].ssim - here) / (nearest[0] - knob);
  return slope > 0 ? slope : undefined;
}

/**
 * Probes under the lowest passing knob `hi` when nothing below it has been measured: where the SSIM curve, followed
 * down from `hi` at its measured slope, meets the bar, and a step further down, so that one round usually closes the
 * bracket. With no slope measured yet, one step under `hi` and the bottom of the range: either closes the search
 * when it fails or passes throughout.
 */
function probesUnder(hi: number, track: Track, range: KnobRange, bar: QualityBar, known: ReadonlyMap<number, Trial>): number[] {
  const slope = slopeAt(hi, known);
  const ssim = known.get(hi)?.ssim ?? 1;
  if (slope === undefined) return [Math.max(range.min, hi - track.precision), range.min];
  const guess = Math.max(range.min, Math.min(hi - track.precision, Math.round(hi - (ssim - bar.ssim) / slope)));
  return [guess, Math.max(range.min, guess - Math.max(track.precision, hi - guess))];
}

/**
 * The next knob values to try for `bar`, or none when the search on this track is done: the interpolated guess and,
 * while the bracket is still wide, a second value between the guess and the far end of the bracket, so that two
 * cores halve the rounds; with nothing tried under the lowest passing knob, `probesUnder`. Every later probe lies
 * above `lo`, so when `lo`'s file is already no smaller than `beaten` (a result the level has in hand) the track
 * cannot win and is left. The values depend only on the trials measured so far.
 */
function nextProbes(track: Track, range: KnobRange, bar: QualityBar, known: Map<number, Trial>, beaten: number): number[] {
  const keys = [...known.keys()].filter((k) => k >= range.min && k <= range.max).sort((a, b) => a - b);
  const passes = (k: number): boolean => meets(known.get(k), bar);
  const hi = keys.find(passes);
  const lo = hi === undefined ? keys.at(-1) : keys.filter((k) => k < hi).at(-1);
  if (lo !== undefined && (known.get(lo)?.size ?? 0) >= beaten) return [];
  if (hi === undefined) {
    // Nothing passes yet: the level's starting value, then the top of its range, then give up. SSIM grows with the
    // knob, so a setting measured failing this bar (a stricter level's trial, too) rules out every knob under it.
    const failing = [...known.entries()].filter(([, t]) => t.ssim >= 0 && !meets(t, bar)).map(([k]) => k);
    const next = [range.start, range.max].find((k) => !known.has(k) && k > Math.max(-1, ...failing));
    return next === undefined ? [] : [next];
  }
  if (hi <= range.min) return [];
  // The trial that sets the bar (the standard tool's own encoding, whose SSIM the bar is) is the lowest knob of its
  // track that meets it: SSIM grows with the knob.
  if (known.get(hi)?.ssim === bar.ssim) return [];
  const bottom = lo ?? range.min - 1;
  if (hi - bottom <= track.precision) return [];
  if (lo === undefined) return [...new Set(probesUnder(hi, track, range, bar, known))].filter((k) => !known.has(k));
  const sLo = known.get(lo)?.ssim ?? -1;
  const sHi = known.get(hi)?.ssim ?? 1;
  const guess = sLo < 0 || sHi <= sLo || sLo >= bar.ssim ? (lo + hi) / 2 : lo + ((bar.ssim - sLo) / (sHi - sLo)) * (hi - lo);
  // Interpolate on the SSIM curve, but always cut the bracket by at least a quarter.
  const margin = Math.max(1, Math.floor((hi - lo) / 4));
  const next = Math.round(Math.min(hi - margin, Math.max(lo + margin, guess)));
  const far = next - lo > hi - next ? lo : hi;
  const second = Math.round((next + far) / 2);
  const probes = [next];
  if (Math.abs(far - next) > 2 * track.precision && second !== next && !known.has(second)) probes.push(second);
  return probes.filter((k) => !known.has(k));
}

/**
 * Finds (about) the lowest knob in `range` whose SSIM meets the bar, assuming quality grows with the knob.
 * Known trials (from the stricter levels searched before) are reused, so a looser level starts where the stricter
 * one ended and costs only a few more encodes.
 */
async function searchTrack(
  track: Track,
  range: KnobRange,
  bar: QualityBar,
  known: Map<number, Trial>,
  evaluate: Evaluate,
  beaten: number,
): Promise<void> {
  for (let round = 0; round < ROUNDS_PER_STAGE; round++) {
    const probes = nextProbes(track, range, bar, known, beaten);
    if (probes.length === 0) return;
    const trials = await Promise.all(probes.map((k) => evaluate(track, k)));
    for (const [i, k] of probes.entries()) known.set(k, trials[i]!);
  }
}

/** The trials of a ladder run, and which of them each level may pick from. */
export interface LadderTrials {
  all: Trial[];
  /** The trials made up to and including `level`'s search (seed included). */
  through(level: CompressionLevel): Trial[];
}

/**
 * Runs the searches of the levels from light up to `last`, in order, and returns all trials. A level's search
 * continues where the stricter one ended, and what it finds depends only on the file and the levels before it, never
 * on whether a later level runs: so a level's candidates (`through(level)`) are the same in every call, whichever
 * level the call asks for. Because a level's candidates include every trial of the stricter levels, and a trial
 * that meets a stricter bar meets a looser one, the smallest trial meeting each bar can only get smaller from light
 * to maximum: the monotonic ladder holds by construction. `bars` must be nested the same way (light at least as
 * strict as balanced, balanced as maximum); `seed` trials (the reference anchor) are candidates like any other.
 *
 * In each level the tracks are searched side by side, their starting values encoded at once; every next probe
 * depends only on measured trials, so the result is the same whatever order the encodes finish in.
 *
 * `inHand` is the size of a result every level has without searching: the original itself, when trials are made at
 * its full size. A track whose next probes could only give files at least that large is left, as it is for a
 * result a stricter level found (a picture already well compressed costs a few trials, not a whole search).
 */
export async function runLadder(
  tracks: readonly Track[],
  evaluate: Evaluate,
  bars: Readonly<Record<CompressionLevel, QualityBar>>,
  seed: readonly Trial[] = [],
  last: CompressionLevel = 'maximum',
  inHand = Number.POSITIVE_INFINITY,
): Promise<LadderTrials> {
  const memo = new Map<string, Map<number, Trial>>();
  const knownOf = (track: Track): Map<number, Trial> => {
    let known = memo.get(track.id);
    if (!known) {
      known = new Map();
      memo.set(track.id, known);
    }
    return known;
  };
  // Trials made before the search (the reference anchor): a track with the same id starts from them.
  for (const trial of seed) knownOf(trial.track).set(trial.knob, trial);
  const all = (): Trial[] => [...memo.values()].flatMap((m) => [...m.values()]);
  const upTo = new Map<CompressionLevel, Trial[]>();
  for (const stage of levelsUpTo(last)) {
    // The smallest file the stricter levels (and the seed) already give this level: made before its search starts,
    // so what the tracks skip does not depend on the order their encodes finish in.
    const beaten = Math.min(inHand, passingTrials(all(), bars[stage])[0]?.size ?? Number.POSITIVE_INFINITY);
    await Promise.all(
      tracks.map(async (track) => {
        const range = track.stages[stage];
        if (!range) return;
        const known = knownOf(track);
        // The level's starting value, unless trials of the stricter levels (or the anchor) already lie in its range.
        if (![...known.keys()].some((k) => k >= range.min && k <= range.max))
          known.set(range.start, await evaluate(track, range.start));
        await searchTrack(track, range, bars[stage], known, evaluate, beaten);
      }),
    );
    upTo.set(stage, all());
  }
  return {
    all: all(),
    through: (level) => {
      const trials = upTo.get(level);
      if (!trials) throw new Error(`the ${level} search did not run`);
      return trials;
    },
  };
}

/** Trials meeting the bar, smallest first (ties: higher SSIM first). */
export function passingTrials(trials: readonly Trial[], bar: QualityBar): Trial[] {
  return trials.filter((t) => meets(t, bar)).sort((a, b) => a.size - b.size || b.ssim - a.ssim);
}

/** Rough count of encodes a ladder run will need, for progress reports. */
export function expectedTrials(tracks: readonly Track[]): number {
  let n = 0;
  for (const stage of LEVEL_ORDER) {
    for (const t of tracks) {
      const r = t.stages[stage];
      if (r) n += r.min === r.max ? 1 : 3;
    }
  }
  return Math.max(1, n);
}
