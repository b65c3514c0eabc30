import type { CompressionLevel } from '../../types.js';
import type { ImageSource } from './image-io.js';

/** Levels from the highest quality to the smallest file; each level's search continues the one before it. */
export const LEVEL_ORDER: readonly CompressionLevel[] = ['light', 'balanced', 'maximum'];

/** The knob values one level may try on a track: higher knob = higher quality = larger file. */
export interface KnobRange {
  min: number;
  max: number;
  /** First value tried (SPEC's value for the level where there is one). */
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

/** Probes per track per level: enough for an interpolating search over a 0-100 knob to land within a few steps. */
const PROBES_PER_STAGE = 4;

/**
 * Finds (about) the lowest knob in `range` whose SSIM meets `floor`, assuming quality grows with the knob.
 * Known trials (from the stricter levels searched before) are reused, so a looser level starts where the stricter
 * one ended and costs only a few more encodes.
 */
async function searchTrack(track: Track, range: KnobRange, bar: QualityBar, known: Map<number, Trial>, evaluate: Evaluate): Promise<void> {
  for (let probe = 0; probe < PROBES_PER_STAGE; probe++) {
    const keys = [...known.keys()].filter((k) => k >= range.min && k <= range.max).sort((a, b) => a - b);
    const passes = (k: number): boolean => meets(known.get(k), bar);
    const hi = keys.find(passes);
    const lo = hi === undefined ? keys.at(-1) : keys.filter((k) => k < hi).at(-1);
    let next: number | undefined;
    if (hi === undefined) {
      // Nothing passes yet: the level's starting value, then the top of its range, then give up.
      next = !known.has(range.start) ? range.start : !known.has(range.max) ? range.max : undefined;
    } else if (hi > range.min) {
      const bottom = lo ?? range.min - 1;
      if (hi - bottom <= track.precision) return;
      if (lo === undefined) next = range.min;
      else {
        const sLo = known.get(lo)?.ssim ?? -1;
        const sHi = known.get(hi)?.ssim ?? 1;
        const guess = sLo < 0 || sHi <= sLo || sLo >= bar.ssim ? (lo + hi) / 2 : lo + ((bar.ssim - sLo) / (sHi - sLo)) * (hi - lo);
        // Interpolate on the SSIM curve, but always cut the bracket by at least a quarter.
        const margin = Math.max(1, Math.floor((hi - lo) / 4));
        next = Math.round(Math.min(hi - margin, Math.max(lo + margin, guess)));
      }
    }
    if (next === undefined || known.has(next)) return;
    known.set(next, await evaluate(track, next));
  }
}

/**
 * Runs the search of every level, from light to maximum, and returns all trials: one run gives every level's pick.
 * Because a level's trials include every trial of the stricter levels, and a trial that meets a stricter bar meets a
 * looser one, the smallest trial meeting each bar can only get smaller from light to maximum: the monotonic ladder
 * holds by construction. `bars` must be nested the same way (light at least as strict as balanced, balanced as
 * maximum); `seed` trials (the reference anchor) are candidates like any other.
 *
 * Each track's first probes (the starting value of every level) are encoded at once, and the tracks are searched
 * side by side; the choice of every next probe depends only on measured trials, so the result is the same whatever
 * order the encodes finish in.
 */
export async function runLadder(
  tracks: readonly Track[],
  evaluate: Evaluate,
  bars: Readonly<Record<CompressionLevel, QualityBar>>,
  seed: readonly Trial[] = [],
): Promise<Trial[]> {
  const memo = new Map<string, Map<number, Trial>>();
  const knownOf = (track: Track): Map<number, Trial> => {
    let known = memo.get(track.id);
    if (!known) memo.set(track.id, (known = new Map()));
    return known;
  };
  // Trials made before the search (the reference anchor): a track with the same id starts from them.
  for (const trial of seed) knownOf(trial.track).set(trial.knob, trial);
  await Promise.all(
    tracks.map(async (track) => {
      const known = knownOf(track);
      const starts = [...new Set(LEVEL_ORDER.flatMap((stage) => (track.stages[stage] ? [track.stages[stage].start] : [])))].filter((k) => !known.has(k));
      for (const [knob, trial] of await Promise.all(starts.map(async (k) => [k, await evaluate(track, k)] as const))) known.set(knob, trial);
      for (const stage of LEVEL_ORDER) {
        const range = track.stages[stage];
        if (range) await searchTrack(track, range, bars[stage], known, evaluate);
      }
    }),
  );
  return [...memo.values()].flatMap((m) => [...m.values()]);
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
