import { stat } from 'node:fs/promises';
import path from 'node:path';
import { cpuBudget } from '../../cpu-budget.js';
import { EngineError } from '../../errors.js';
import { SsimReference } from '../../quality/pixel-ssim.js';
import type { CompressContext, CompressionLevel, FamilyOutput, LadderContext, LadderOutput } from '../../types.js';
import { decodePixels, type ImageSource, type Pixels, readError, throwIfAborted } from './image-io.js';
import { type ImageJob, prepareJob } from './prepare.js';
import { anchoredBars, colourShift, QUALITY_BAR, type QualityBars } from './quality.js';
import { SAMPLE_ABOVE_PIXELS, writeSample } from './sample.js';
import {
  expectedTrials,
  LEVEL_ORDER,
  ladderCandidates,
  meets,
  passingTrials,
  runLadder,
  type Track,
  type Trial,
} from './search.js';

/** Below this many pixels a side, SSIM's 8×8 windows do not fit: only exact (lossless) results are accepted. */
const MIN_SSIM_SIDE = 16;
/** Full-size confirmations tried after a sampled search before a level gives up on its own picks. */
const CONFIRMATIONS = 3;

/** Errors that end the whole call; any other failure of one encode only rules that setting out. */
function isFatal(err: unknown): boolean {
  return (
    err instanceof EngineError &&
    (err.kind === 'cancelled' || err.kind === 'timeout' || err.kind === 'tool-missing' || err.kind === 'over-budget')
  );
}

/** The decoded pixels an output is measured against: the original, or the search's sample. */
export interface Reference extends Pixels {
  alpha: boolean;
  /** Its SSIM reference, converted once for every trial measured against it. */
  ssim: SsimReference;
}

/**
 * Encodes and measures trials. The reference is decoded once and kept in memory; each output is decoded and
 * measured in process (SSIM as ffmpeg computes it, and the colour shift), so a trial costs one encode and one
 * decode: no ffmpeg and no raw pixel files.
 */
export class Measurer {
  private count = 0;
  private done = 0;

  /** Encodes made so far (each measured): the search's cost, reported with the result. */
  get trials(): number {
    return this.count;
  }

  constructor(
    private readonly job: ImageJob,
    private readonly ctx: LadderContext,
    private readonly expected: number,
  ) {}

  /** Decodes the original (or the sample) once: the SSIM reference, and the proof that the input is readable. */
  async reference(source: ImageSource, alpha: boolean): Promise<Reference> {
    try {
      const pixels = await decodePixels(source, alpha);
      return { alpha, ...pixels, ssim: new SsimReference(pixels.data, pixels) };
    } catch (err) {
      throw readError(err, this.ctx.signal);
    }
  }

  /** SSIM and colour shift of an output after decoding it again; SSIM -1 when it does not decode to the same shape. */
  private async measure(file: string, ref: Reference): Promise<{ ssim: number; shift: number }> {
    const failed = { ssim: -1, shift: 255 };
    try {
      const readable = this.job.readable ? await this.job.readable(file) : file;
      const frames = ref.alpha ? ref.pages / 2 : ref.pages;
      const decoded = await decodePixels({ path: readable, animated: frames > 1, autoOrient: false }, ref.alpha);
      if (decoded.width !== ref.width || decoded.pageHeight !== ref.pageHeight || decoded.pages !== ref.pages) return failed;
      if (this.job.verify && !(await this.job.verify(readable))) return failed;
      throwIfAborted(this.ctx.signal);
      if (ref.width < MIN_SSIM_SIDE || ref.pageHeight < MIN_SSIM_SIDE)
        return ref.data.equals(decoded.data) ? { ssim: 1, shift: 0 } : failed;
      return { ssim: ref.ssim.against(decoded.data), shift: colourShift(ref.data, decoded.data, ref.width) };
    } catch (err) {
      if (isFatal(err)) throw err;
      return failed;
    }
  }

  /** Encodes `source` with one setting and measures it. */
  async trial(track: Track, knob: number, source: ImageSource, ref: Reference): Promise<Trial> {
    throwIfAborted(this.ctx.signal);
    const out = path.join(this.ctx.workDir, `t${this.count++}-${track.id}-${knob}.${this.job.ext}`);
    let result: Trial = { track, knob, path: out, size: Infinity, ssim: -1, shift: 255 };
    try {
      // One encode and its measurement hold one of the process's CPU slots (cpu-budget.ts).
      result = await cpuBudget().run(async () => {
        await track.encode(source, knob, out);
        return { ...result, size: (await stat(out)).size, ...(await this.measure(out, ref)) };
      }, this.ctx.signal);
    } catch (err) {
      if (isFatal(err) || this.ctx.signal.aborted) throw readError(err, this.ctx.signal);
    }
    this.done++;
    this.ctx.onProgress(5 + 90 * Math.min(1, this.done / this.expected));
    return result;
  }
}

function describe(trial: Trial, kept: string): string {
  const quality = trial.ssim >= 0.99995 && trial.shift === 0 ? 'pixels unchanged' : `SSIM ${trial.ssim.toFixed(4)}`;
  return `${trial.track.describe(trial.knob)} (${quality}), ${kept}`;
}

/**
 * A trial as the family's answer. Its metrics name its setting (`setting`, the knob) and its track (`track`, the
 * index in the job's tracks, -1 for the standard tool's own), which "make it fit" sizes from (size-to.ts).
 */
export function output(job: ImageJob, trial: Trial, trials: number): FamilyOutput {
  const metrics = {
    ssim: Number(trial.ssim.toFixed(5)),
    colourShift: Number(trial.shift.toFixed(2)),
    trials,
    setting: trial.knob,
    track: job.tracks.findIndex((t) => t.id === trial.track.id),
  };
  return { path: trial.path, format: job.ext, recipe: describe(trial, job.kept), metrics };
}

/**
 * The trials a level may pick among those its search and balanced's made: light picks only from tracks that search
 * light (PNG's light is lossless only, so its palettes and the standard tool's palette are no light candidates).
 */
export function eligibleTrials(trials: readonly Trial[], level: CompressionLevel): Trial[] {
  return level === 'light' ? trials.filter((t) => t.track.stages.light !== undefined) : [...trials];
}

/**
 * The picks of a sampled search made real: each level's sample candidates are encoded at full size in order of size
 * and the first that keeps the level's own floor there wins. Full-size trials are shared between levels.
 */
class FullSizePicks {
  private readonly made = new Map<string, Promise<Trial>>();
  private readonly picks = new Map<CompressionLevel, Promise<Trial | undefined>>();

  constructor(
    private readonly candidates: (level: CompressionLevel) => Trial[],
    private readonly full: (track: Track, knob: number) => Promise<Trial>,
  ) {}

  pick(level: CompressionLevel): Promise<Trial | undefined> {
    let pick = this.picks.get(level);
    if (!pick) {
      pick = this.confirm(level);
      this.picks.set(level, pick);
    }
    return pick;
  }

  /** The sample's pick of `level`, before confirmation. */
  samplePick(level: CompressionLevel): Trial | undefined {
    return this.candidates(level)[0];
  }

  private async confirm(level: CompressionLevel): Promise<Trial | undefined> {
    for (const candidate of this.candidates(level).slice(0, CONFIRMATIONS)) {
      const key = `${candidate.track.id}@${candidate.knob}`;
      let made = this.made.get(key);
      if (!made) {
        made = this.full(candidate.track, candidate.knob);
        this.made.set(key, made);
      }
      const trial = await made;
      if (meets(trial, QUALITY_BAR[level])) return trial;
    }
    return undefined;
  }
}

/**
 * Light's result when a job's light level tries single settings only (PNG's lossless repack) and every one decodes to
 * exactly the original's pixels: an exact result meets any bar, and those tracks are balanced candidates too (or
 * left out of balanced because its pick is under their size floor), so balanced's pick is never larger: light's
 * pick is the smallest of them, with no anchor and no balanced search.
 */
async function exactLight(job: ImageJob, evaluate: (track: Track, knob: number) => Promise<Trial>): Promise<Trial | undefined> {
  const light = job.tracks.flatMap((track) => (track.stages.light ? [{ track, range: track.stages.light }] : []));
  const exactTracks = light.every(({ track, range }) => range.min === range.max && track.stages.balanced?.min === range.min);
  if (!job.anchor || job.anchor.track.stages.light || light.length === 0 || !exactTracks) return undefined;
  // A track with a size floor is a balanced candidate only when balanced's own pick is not under that floor: the
  // pick is then under light's exact file only while that file is not under the floor itself.
  const [trials, floors] = await Promise.all([
    Promise.all(light.map(({ track, range }) => evaluate(track, range.start))),
    Promise.all(light.map(({ track }) => track.sizeFloor?.(job.source) ?? 0)),
  ]);
  if (!trials.every((t) => t.ssim >= 1 && t.shift === 0)) return undefined;
  const best = trials.sort((a, b) => a.size - b.size)[0];
  return best && floors.every((floor) => best.size >= floor) ? best : undefined;
}

/**
 * Balanced's starting trials that do not depend on the anchor: a track's balanced search starts at its start value
 * unless a trial of the same track already lies in its range, and before the search the only such trial can be the
 * anchor. These are made side by side with the anchor (they hold CPU slots like any trial), keyed by track and knob,
 * so the search finds them made: the same trials, one round sooner.
 */
function independentStarts(
  tracks: readonly Track[],
  anchor: { track: Track; knob: number },
  measure: (track: Track, knob: number) => Promise<Trial>,
): Map<string, Promise<Trial>> {
  const early = new Map<string, Promise<Trial>>();
  for (const track of tracks) {
    const range = track.stages.balanced;
    // A track with a size floor may not be tried at all (search.ts): it is not started ahead.
    if (!range || track.sizeFloor) continue;
    if (anchor.track.id === track.id && anchor.knob >= range.min && anchor.knob <= range.max) continue;
    const trial = measure(track, range.start);
    // Awaited by the search; a failure (a cancelled call) must not surface before it is.
    trial.catch(() => undefined);
    early.set(`${track.id}@${range.start}`, trial);
  }
  return early;
}

/**
 * Compresses one image for the asked levels from one search (see search.ts): balanced's search and the asked
 * levels' searches from there run, on the picture or, for large pictures with block codecs, on a mosaic sample, so
 * that each level's pick is a function of the file alone, whichever levels a call asks for. Maximum's result is the
 * smaller of its own pick and balanced's, light's no smaller than balanced's (a stronger level never returns a
 * bigger file), each decoded again and checked; a level with no pick keeps the original.
 */
export async function imageLadder(
  input: string,
  ext: string,
  ctx: LadderContext,
  levels: readonly CompressionLevel[] = ctx.levels ?? LEVEL_ORDER,
): Promise<Partial<LadderOutput>> {
  throwIfAborted(ctx.signal);
  ctx.onProgress(1);
  const prepared = await prepareJob(input, ext, ctx);
  if ('keep' in prepared)
    return Object.fromEntries(levels.map((level) => [level, { path: input, format: ext, recipe: prepared.keep }]));
  const { job } = prepared;
  const measurer = new Measurer(job, ctx, expectedTrials(job.tracks, levels) + (job.anchor ? 1 : 0));
  const fullRef = await measurer.reference(job.source, job.alpha);
  ctx.onProgress(5);

  let searchSource = job.source;
  let searchRef = fullRef;
  const samplePath = path.join(ctx.workDir, 'sample.png');
  // An opaque still's reference holds exactly the pixels the sample is cut from (sRGB, 8 bits, oriented alike).
  const decoded =
    !job.alpha && fullRef.pages === 1
      ? { data: fullRef.data, info: { width: fullRef.width, height: fullRef.pageHeight, channels: 3 } }
      : undefined;
  const sampled = job.sampleable && job.pixels > SAMPLE_ABOVE_PIXELS && (await writeSample(job.source, samplePath, {}, decoded));
  if (sampled) {
    searchSource = { path: samplePath, animated: false, autoOrient: false };
    searchRef = await measurer.reference(searchSource, job.alpha);
  }

  const measure = (track: Track, knob: number): Promise<Trial> => measurer.trial(track, knob, searchSource, searchRef);
  if (levels.length === 1 && levels[0] === 'light' && !sampled) {
    const exact = await exactLight(job, measure);
    if (exact) return { light: output(job, exact, measurer.trials) };
  }
  // The balanced starts the anchor cannot stand in for are measured whatever it gives: beside it, not after it.
  const early = job.anchor ? independentStarts(job.tracks, job.anchor, measure) : new Map<string, Promise<Trial>>();
  const evaluate = (track: Track, knob: number): Promise<Trial> => early.get(`${track.id}@${knob}`) ?? measure(track, knob);
  // The standard tool's encoding of the same pixels (sample included): its SSIM raises the light and balanced bars,
  // and it is a candidate itself.
  const anchor = job.anchor ? await measure(job.anchor.track, job.anchor.knob) : undefined;
  const bars: QualityBars = anchoredBars(anchor?.ssim);
  // Trials of a mosaic sample are smaller than the picture's: only full-size trials compare with the original's size.
  const inHand = sampled ? undefined : (await stat(input)).size;
  const trials = await runLadder(job.tracks, evaluate, bars, {
    seed: anchor ? [anchor] : [],
    levels,
    inHand,
    floorSource: sampled ? undefined : searchSource,
  });
  const candidates = ladderCandidates(
    (level) => passingTrials(eligibleTrials(trials.through(level), level), bars[level]),
    inHand,
  );
  const keep = (level: CompressionLevel): FamilyOutput => ({
    path: input,
    format: ext,
    recipe: `no ${job.ext.toUpperCase()} setting kept the quality floor (SSIM ${Number(bars[level].ssim.toFixed(4))})`,
  });

  const result: Partial<LadderOutput> = {};
  if (!sampled) {
    for (const level of levels) {
      const best = candidates(level)[0];
      result[level] = best ? output(job, best, measurer.trials) : keep(level);
    }
    return result;
  }
  const picks = new FullSizePicks(candidates, (track, knob) => measurer.trial(track, knob, job.source, fullRef));
  for (const level of levels) {
    const best = await fullSizeResult(picks, level);
    result[level] = best ? output(job, best, measurer.trials) : keep(level);
  }
  return result;
}

/**
 * A level's result from a sampled search, at full size, kept in line with balanced's: maximum's is the smaller of
 * its own and balanced's, light's is its own unless balanced's is larger (light then keeps the original). Balanced's
 * pick is made at full size only when it lies on another track: on the same track, a stronger level's pick sits at a
 * lower knob, and the encoders' size grows with their knob.
 */
async function fullSizeResult(picks: FullSizePicks, level: CompressionLevel): Promise<Trial | undefined> {
  const own = await picks.pick(level);
  if (level === 'balanced') return own;
  const balancedTrack = picks.samplePick('balanced')?.track.id;
  if (level === 'light') {
    if (!own || balancedTrack === undefined) return undefined;
    if (balancedTrack === own.track.id) return own;
    const balanced = await picks.pick('balanced');
    return balanced && own.size >= balanced.size ? own : undefined;
  }
  const balanced = own && balancedTrack === own.track.id ? undefined : await picks.pick('balanced');
  return [own, balanced].filter((t): t is Trial => t !== undefined).sort((a, b) => a.size - b.size || b.ssim - a.ssim)[0];
}

/** One level of `imageLadder`: the same search, with only that level's result made at full size. */
export async function compressImageFile(input: string, ext: string, ctx: CompressContext): Promise<FamilyOutput> {
  const { level, ...rest } = ctx;
  const out = (await imageLadder(input, ext, rest, [level]))[level];
  if (!out) throw new Error(`no ${level} result`);
  return out;
}
