import type { CompressionLevel } from '../../types.js';
import type { ImageSource } from './image-io.js';

/** Levels from the highest quality to the smallest file. */
export const LEVEL_ORDER: readonly CompressionLevel[] = ['light', 'balanced', 'maximum'];

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
  /**
   * Knob steps over which the SSIM deficit (1 - SSIM) roughly halves, for quality scales where it falls about
   * geometrically: the prior of the first guesses, before two trials of the track give a measured slope.
   */
  halving?: number;
  /**
   * How the file's size follows the knob, for sizing a picture to a target (size-to.ts): the knob's whole range, and a
   * first guess of d ln(bytes) / d knob. Tracks without it (lossless recipes, palettes) keep their levels' results.
   */
  sizing?: TrackSizing;
  /** It reads the original file itself (a tool that takes its own format only): searches on samples leave it out. */
  originalOnly?: boolean;
  encode(source: ImageSource, knob: number, out: string): Promise<void>;
  /**
   * A size under which this track's file is not expected to go, found at a fraction of an encode's cost (a lossless
   * candidate's). Beyond light, such a track is tried only after the others, and only when their smallest passing
   * file is not under it: a lossless file that a far smaller lossy one already beats costs nothing.
   */
  sizeFloor?(source: ImageSource): Promise<number>;
  /** Human description of the setting, e.g. "mozjpeg q72 4:2:0". */
  describe(knob: number): string;
}

/** A track's knob range for sizing, and how fast its files grow along it. */
export interface TrackSizing {
  lowest: number;
  highest: number;
  slope: number;
}

/**
 * The stages of a lossless track, one setting: light's own result, and a balanced candidate too, so that balanced
 * (whose search light's continues) never keeps a file larger than light's exact one. Maximum picks among balanced's
 * trials, so it has it as well.
 */
export function losslessStages(knob = 100): Track['stages'] {
  const only = { min: knob, max: knob, start: knob };
  return { light: only, balanced: only };
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
 * Two knobs `steps(halving)` away from a trial towards the bar, for a fast and a slow fall of the SSIM deficit
 * (half and one and a half times the track's `halving`): real pictures span about that range, so the two usually
 * bracket the answer in one round.
 */
function priorGuesses(track: Track, ssim: number, bar: QualityBar): [number, number] | undefined {
  if (track.halving === undefined || ssim >= 1 || ssim <= 0) return undefined;
  const halvings = Math.abs(Math.log2((1 - bar.ssim) / (1 - ssim)));
  const steps = (h: number) => Math.max(track.precision, Math.round(halvings * h));
  return [steps(track.halving / 2), steps(track.halving * 1.5)];
}

/**
 * Probes under the lowest passing knob `hi` when nothing below it has been measured: where the SSIM curve, followed
 * down from `hi` at its measured slope, meets the bar, and a step further down, so that one round usually closes the
 * bracket. With no slope measured yet, the track's prior (`priorGuesses`); failing that, one step under `hi` and
 * the bottom of the range: either closes the search when it fails or passes throughout.
 */
function probesUnder(hi: number, track: Track, range: KnobRange, bar: QualityBar, known: ReadonlyMap<number, Trial>): number[] {
  const slope = slopeAt(hi, known);
  const ssim = known.get(hi)?.ssim ?? 1;
  const clamp = (k: number) => Math.max(range.min, k);
  if (slope === undefined) {
    const prior = priorGuesses(track, ssim, bar);
    return prior ? prior.map((steps) => clamp(hi - steps)) : [clamp(hi - track.precision), range.min];
  }
  const guess = clamp(Math.min(hi - track.precision, Math.round(hi - (ssim - bar.ssim) / slope)));
  return [guess, clamp(guess - Math.max(track.precision, hi - guess))];
}

/**
 * How much faster than its typical slope (`TrackSizing.slope`) a track's files may grow per knob step: the bound
 * `cannotWinUnder` takes before a trial above the lowest passing knob has measured it. Measured growth spans about
 * twice the typical on each track (gifsicle's lossy LZW: 0.017-0.051 ln-bytes per step against 0.026; mozjpeg and
 * libwebp grow fastest at their top, where a level's search starts).
 */
const STEEPEST_GROWTH = 2;

/**
 * Whether nothing under the lowest passing knob `hi` can give a file smaller than `beaten` (a result the level has in
 * hand): the lowest knob the track's prior still allows for the bar (its far guess, `priorGuesses`) gives, at the
 * growth of the file per knob step measured between `hi` and its nearest trial above, a file no smaller. The growth
 * measured above `hi` is at least the growth under it on these quality scales (files grow faster towards the top),
 * so the estimate errs small, towards searching on. With no trial above `hi` yet, the steepest growth its sizing
 * allows stands for it (`STEEPEST_GROWTH`).
 */
function cannotWinUnder(
  hi: number,
  track: Track,
  range: KnobRange,
  bar: QualityBar,
  known: ReadonlyMap<number, Trial>,
  beaten: number,
): boolean {
  const at = known.get(hi);
  const prior = at ? priorGuesses(track, at.ssim, bar) : undefined;
  const above = [...known.entries()].filter(([k, t]) => k > hi && Number.isFinite(t.size)).sort(([a], [b]) => a - b)[0];
  if (!at || !prior || !Number.isFinite(beaten)) return false;
  const steepest = track.sizing ? track.sizing.slope * STEEPEST_GROWTH : undefined;
  const growth = above ? Math.log(above[1].size / at.size) / (above[0] - hi) : steepest;
  if (growth === undefined || growth <= 0) return false;
  const lowest = Math.max(range.min, hi - prior[1]);
  return at.size * Math.exp(-growth * (hi - lowest)) >= beaten;
}

/**
 * Probes above the highest failing knob `lo` when nothing passes yet: the track's prior guesses, capped at the top of
 * the level's range; without a prior, the level's start and then the top of its range, one at a time. SSIM grows
 * with the knob, so a setting measured failing this bar (balanced's trial, too) rules out every knob under
 * it; once the top has failed, the track is given up.
 */
function probesAbove(lo: number, track: Track, range: KnobRange, bar: QualityBar, known: ReadonlyMap<number, Trial>): number[] {
  const prior = priorGuesses(track, known.get(lo)?.ssim ?? -1, bar);
  const fresh = (ks: number[]) => [...new Set(ks)].filter((k) => !known.has(k) && k > lo);
  if (prior) return fresh(prior.map((steps) => Math.min(range.max, lo + steps)));
  return fresh([range.start, range.max]).slice(0, 1);
}

/**
 * Where `bar` lies between two SSIMs, 0 to 1: on the logarithm of the deficit for tracks whose deficit falls about
 * geometrically (`halving`), else linearly.
 */
function interpolate(track: Track, sLo: number, sHi: number, bar: number): number {
  if (track.halving === undefined || sHi >= 1) return (bar - sLo) / (sHi - sLo);
  return Math.log((1 - sLo) / (1 - bar)) / Math.log((1 - sLo) / (1 - sHi));
}

/**
 * A trial of the track under the level's range already meets the bar (the standard setting under light's range, or
 * a balanced trial): every knob of the range would meet it too, in a larger file, so the track has nothing to search.
 */
function settledBelow(range: KnobRange, bar: QualityBar, known: ReadonlyMap<number, Trial>): boolean {
  return [...known].some(([k, t]) => k < range.min && meets(t, bar));
}

/**
 * The next knob values to try for `bar`, or none when the search on this track is done: the interpolated guess and,
 * while the bracket is still wide, a second value between the guess and the far end of the bracket, so that two
 * cores halve the rounds; with nothing tried under the lowest passing knob, `probesUnder`. Every later probe lies
 * above `lo`, so when `lo`'s file is already no smaller than `beaten` (a result the level has in hand) the track
 * cannot win and is left. The values depend only on the trials measured so far.
 */
function nextProbes(track: Track, range: KnobRange, bar: QualityBar, known: Map<number, Trial>, beaten: number): number[] {
  if (settledBelow(range, bar, known)) return [];
  const keys = [...known.keys()].filter((k) => k >= range.min && k <= range.max).sort((a, b) => a - b);
  const passes = (k: number): boolean => meets(known.get(k), bar);
  const hi = keys.find(passes);
  const lo = hi === undefined ? keys.at(-1) : keys.filter((k) => k < hi).at(-1);
  if (lo !== undefined && (known.get(lo)?.size ?? 0) >= beaten) return [];
  if (hi === undefined) {
    const failing = [...known.entries()].filter(([, t]) => t.ssim >= 0 && !meets(t, bar)).map(([k]) => k);
    return probesAbove(Math.max(-1, ...failing), track, range, bar, known);
  }
  if (hi <= range.min) return [];
  // The trial that sets the bar (the standard tool's own encoding, whose SSIM the bar is) is the lowest knob of its
  // track that meets it: SSIM grows with the knob.
  if (known.get(hi)?.ssim === bar.ssim) return [];
  const bottom = lo ?? range.min - 1;
  if (hi - bottom <= track.precision) return [];
  if (lo === undefined) {
    if (cannotWinUnder(hi, track, range, bar, known, beaten)) return [];
    return [...new Set(probesUnder(hi, track, range, bar, known))].filter((k) => !known.has(k));
  }
  const sLo = known.get(lo)?.ssim ?? -1;
  const sHi = known.get(hi)?.ssim ?? 1;
  const guess =
    sLo < 0 || sHi <= sLo || sLo >= bar.ssim ? (lo + hi) / 2 : lo + interpolate(track, sLo, sHi, bar.ssim) * (hi - lo);
  // Interpolate on the SSIM curve, but always cut the bracket by at least a quarter.
  const margin = Math.max(1, Math.floor((hi - lo) / 4));
  const next = Math.round(Math.min(hi - margin, Math.max(lo + margin, guess)));
  const probes = [next];
  if (track.halving !== undefined) {
    // On a geometric deficit the interpolation is close: a pair straddling it, a precision apart, usually closes the
    // bracket in this round.
    const pair = Math.min(hi - 1, guess >= next ? next + track.precision : next - track.precision);
    if (pair > lo) probes.push(pair);
  } else {
    // Elsewhere the second probe halves the larger side of the bracket; when that side is too narrow to be worth it,
    // the other side, if it still spans more than a precision: the second core then measures the knob the next
    // round would need when `next` passes, instead of standing idle.
    const far = next - lo > hi - next ? lo : hi;
    const near = far === lo ? hi : lo;
    const second = Math.round((next + far) / 2);
    const other = Math.round((next + near) / 2);
    if (Math.abs(far - next) > 2 * track.precision && second !== next) probes.push(second);
    else if (Math.abs(near - next) > track.precision && other !== next && other !== near) probes.push(other);
  }
  return [...new Set(probes)].filter((k) => !known.has(k));
}

/** What a ladder run starts from besides its tracks. */
export interface LadderOptions {
  /** Trials made before the search (the reference anchor): candidates like any other. */
  seed?: readonly Trial[];
  /** The levels asked for; balanced's search always runs. */
  levels?: readonly CompressionLevel[];
  /** The size of a result every level has without searching (the original, when trials are full size). */
  inHand?: number;
  /** The picture the trials encode, when it is the whole picture: tracks' size floors apply to it (`sizeFloor`). */
  floorSource?: ImageSource;
}

/** The trials of a ladder run, and which of them each level may pick from. */
export interface LadderTrials {
  all: Trial[];
  /** The trials `level` may pick from: balanced's search, and for light or maximum their own search from there. */
  through(level: CompressionLevel): Trial[];
}

/**
 * Runs balanced's search, then light's and maximum's (those asked for in `levels`), and returns all trials.
 * Balanced, the level most calls ask for, is searched first and alone: a balanced call costs only its own search.
 * Light's search then continues upward from balanced's trials and maximum's downward, each on its own copy of them,
 * so what a level finds depends only on the file, never on which other levels a call asks for: a level's
 * candidates (`through(level)`) are the same in every call. Maximum's candidates include every balanced trial, and
 * a trial meeting balanced's bar meets maximum's, so maximum's smallest passing trial is never larger than
 * balanced's; light's is kept no smaller than balanced's by `ladderCandidates`. `bars` must be nested (light at least as
 * strict as balanced, balanced as maximum); `seed` trials (the reference anchor) are candidates like any other.
 *
 * In each level the tracks are searched side by side, their starting values encoded at once; every next probe
 * depends only on measured trials, so the result is the same whatever order the encodes finish in. A setting both
 * branches try is encoded once.
 *
 * `inHand` is the size of a result every level has without searching: the original itself, when trials are made at
 * its full size. A track whose next probes could only give files at least that large is left, as it is for a
 * result the level already has (a picture already well compressed costs a few trials, not a whole search).
 */
export async function runLadder(
  tracks: readonly Track[],
  evaluate: Evaluate,
  bars: Readonly<Record<CompressionLevel, QualityBar>>,
  options: LadderOptions = {},
): Promise<LadderTrials> {
  const { seed = [], levels = LEVEL_ORDER, inHand = Number.POSITIVE_INFINITY, floorSource } = options;
  const made = new Map<string, Promise<Trial>>();
  const once: Evaluate = (track, knob) => {
    const key = `${track.id}@${knob}`;
    let trial = made.get(key);
    if (!trial) {
      trial = evaluate(track, knob);
      made.set(key, trial);
    }
    return trial;
  };
  // Trials made before the search (the reference anchor): a track with the same id starts from them.
  const balanced: Memo = new Map();
  for (const trial of seed) knownOf(balanced, trial.track).set(trial.knob, trial);
  const stage = (level: CompressionLevel, memo: Memo) =>
    searchStage(tracks, level, bars, memo, once, { inHand, floorSource: level === 'light' ? undefined : floorSource });
  await stage('balanced', balanced);
  const branches = new Map<CompressionLevel, Memo>([['balanced', balanced]]);
  await Promise.all(
    levels
      .filter((level) => level !== 'balanced')
      .map(async (level) => {
        const memo: Memo = new Map([...balanced].map(([id, known]) => [id, new Map(known)]));
        await stage(level, memo);
        branches.set(level, memo);
      }),
  );
  return {
    all: [...new Set([...branches.values()].flatMap(trialsOf))],
    through: (level) => {
      const memo = branches.get(level);
      if (!memo) throw new Error(`the ${level} search did not run`);
      return trialsOf(memo);
    },
  };
}

/** The trials one search knows, per track id and knob. */
type Memo = Map<string, Map<number, Trial>>;

function trialsOf(memo: Memo): Trial[] {
  return [...memo.values()].flatMap((m) => [...m.values()]);
}

function knownOf(memo: Memo, track: Track): Map<number, Trial> {
  let known = memo.get(track.id);
  if (!known) {
    known = new Map();
    memo.set(track.id, known);
  }
  return known;
}

/**
 * One level's search over every track with a range at that level, continuing from the trials in `memo`. With a
 * `floorSource`, tracks with a size floor are searched after the others, when the smallest passing file is not
 * under their floor.
 */
async function searchStage(
  tracks: readonly Track[],
  stage: CompressionLevel,
  bars: Readonly<Record<CompressionLevel, QualityBar>>,
  memo: Memo,
  evaluate: Evaluate,
  options: { inHand: number; floorSource?: ImageSource },
): Promise<void> {
  const { floorSource } = options;
  const later = floorSource ? tracks.filter((t) => t.sizeFloor && t.stages[stage]) : [];
  const bar = bars[stage];
  // The smallest file the level already has and may keep: any track's passing trial so far (the original is
  // `inHand`). Light keeps only its own tracks' files, none under balanced's pick (`ladderCandidates`): only those count.
  const floor = stage === 'light' ? (passingTrials(trialsOf(memo), bars.balanced)[0]?.size ?? options.inHand) : 0;
  const keeps = (t: Trial) => t.size >= floor && (stage !== 'light' || t.track.stages.light !== undefined);
  const smallest = () => passingTrials(trialsOf(memo), bar).find(keeps)?.size ?? Number.POSITIVE_INFINITY;
  const ranged = (group: readonly Track[]) =>
    group.flatMap((track) => {
      const range = track.stages[stage];
      return range && !settledBelow(range, bar, knownOf(memo, track)) ? [{ track, range, known: knownOf(memo, track) }] : [];
    });
  const measure = async (probes: { track: Track; knob: number; known: Map<number, Trial> }[]) => {
    const trials = await Promise.all(probes.map((p) => evaluate(p.track, p.knob)));
    for (const [i, p] of probes.entries()) p.known.set(p.knob, trials[i] as Trial);
  };
  // The tracks are searched side by side, round by round: each round's probes are chosen from every trial measured
  // before it, so a track is left as soon as another's passing file is smaller than any it could still make (see
  // `nextProbes`), and what is skipped never depends on the order the encodes finish in. A track trailing another's
  // passing file sits a round out while the leaders' probes fill the round (`leadersFirst`): what they find often
  // leaves it nothing to win. Each track has its own rounds, so one that sat out still gets all of them.
  const search = async (group: readonly Track[]) => {
    const searched = ranged(group);
    // The level's starting values, unless trials made before (balanced's, or the anchor) already lie in its range.
    await measure(
      searched
        .filter(({ range, known }) => ![...known.keys()].some((k) => k >= range.min && k <= range.max))
        .map(({ track, range, known }) => ({ track, knob: range.start, known })),
    );
    const rounds = new Map<Track, number>();
    for (;;) {
      const beaten = Math.min(options.inHand, smallest());
      const proposed = searched
        .filter(({ track }) => (rounds.get(track) ?? 0) < ROUNDS_PER_STAGE)
        .map((s) => ({ ...s, knobs: nextProbes(s.track, s.range, bar, s.known, beaten) }))
        .filter((p) => p.knobs.length > 0);
      if (proposed.length === 0) return;
      const now = leadersFirst(proposed, (known) => passingTrials([...known.values()], bar).find(keeps)?.size);
      for (const { track } of now) rounds.set(track, (rounds.get(track) ?? 0) + 1);
      await measure(now.flatMap(({ track, knobs, known }) => knobs.map((knob) => ({ track, knob, known }))));
    }
  };
  await search(tracks.filter((t) => !later.includes(t)));
  if (later.length === 0 || !floorSource) return;
  const best = smallest();
  const floors = await Promise.all(later.map((t) => t.sizeFloor?.(floorSource) ?? 0));
  await search(later.filter((_, i) => best >= (floors[i] ?? 0)));
}

/**
 * Probes a level fills the machine with in one round: what one picture's encodes use side by side on the two cores
 * the engine is sized for. A constant, not the machine's core count: which trials a search makes must not depend on
 * the machine, or neither would its result.
 */
const PROBES_PER_ROUND = 2;

/**
 * The tracks whose probes this round measures: those whose smallest passing file (`smallestOf`) leads, or which have
 * none yet, when their probes fill the round on their own; every proposed track otherwise. A trailing track's
 * probes then wait a round, in which the leaders' files may leave it nothing to win (`nextProbes`); they cost no
 * time when they would have waited for a free core anyway.
 */
function leadersFirst<P extends { knobs: number[]; known: Map<number, Trial> }>(
  proposed: readonly P[],
  smallestOf: (known: Map<number, Trial>) => number | undefined,
): P[] {
  const sizes = proposed.map((p) => smallestOf(p.known) ?? Number.POSITIVE_INFINITY);
  const lead = Math.min(...sizes);
  const leaders = proposed.filter((_, i) => !Number.isFinite(sizes[i] as number) || sizes[i] === lead);
  const filled = leaders.reduce((n, p) => n + p.knobs.length, 0) >= PROBES_PER_ROUND;
  return filled ? leaders : [...proposed];
}

/**
 * The trials each level may pick, smallest first, from the trials meeting its bar (`passing`, see `passingTrials`).
 * Light's search branches off balanced's, so one of its own trials could undercut balanced's result, which never saw
 * it: light's candidates are those no smaller than balanced's smallest (or than `inHand`, the original, when
 * balanced has none and keeps it).
 */
export function ladderCandidates(
  passing: (level: CompressionLevel) => Trial[],
  inHand = Number.POSITIVE_INFINITY,
): (level: CompressionLevel) => Trial[] {
  return (level) => {
    if (level !== 'light') return passing(level);
    const floor = passing('balanced')[0]?.size ?? inHand;
    return passing('light').filter((t) => t.size >= floor);
  };
}

/** Trials meeting the bar, smallest first (ties: higher SSIM first). */
export function passingTrials(trials: readonly Trial[], bar: QualityBar): Trial[] {
  return trials.filter((t) => meets(t, bar)).sort((a, b) => a.size - b.size || b.ssim - a.ssim);
}

/** Rough count of encodes a ladder run for `levels` will need (balanced's search always runs), for progress reports. */
export function expectedTrials(tracks: readonly Track[], levels: readonly CompressionLevel[] = LEVEL_ORDER): number {
  let n = 0;
  for (const stage of LEVEL_ORDER.filter((l) => l === 'balanced' || levels.includes(l))) {
    for (const t of tracks) {
      const r = t.stages[stage];
      if (r) n += r.min === r.max ? 1 : 3;
    }
  }
  return Math.max(1, n);
}
