import { stat } from 'node:fs/promises';
import type {
  CompressContext,
  CompressionLevel,
  FamilyOutput,
  LadderContext,
  LadderOutput,
  PictureSetting,
} from '../../types.js';
import { throwIfAborted } from './image-io.js';
import type { ImageJob } from './prepare.js';
import { anchoredBars, QUALITY_BAR, type QualityBars } from './quality.js';
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
import { type PictureWork, pictureSession } from './session.js';

/** Full-size confirmations tried after a sampled search before a level gives up on its own picks. */
const CONFIRMATIONS = 3;

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
  return {
    path: trial.path,
    format: job.ext,
    recipe: describe(trial, job.kept),
    metrics,
    setting: { track: trial.track.id, knob: trial.knob },
  };
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
      const trial = await this.full(candidate.track, candidate.knob);
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
 * anchor. These are started side by side with the anchor (they hold CPU slots like any trial); `measure` makes each
 * setting once (session.ts), so the search finds them made: the same trials, one round sooner.
 */
function startIndependentStarts(
  tracks: readonly Track[],
  anchor: { track: Track; knob: number },
  measure: (track: Track, knob: number) => Promise<Trial>,
): void {
  for (const track of tracks) {
    const range = track.stages.balanced;
    // A track with a size floor may not be tried at all (search.ts): it is not started ahead.
    if (!range || track.sizeFloor) continue;
    if (anchor.track.id === track.id && anchor.knob >= range.min && anchor.knob <= range.max) continue;
    // Awaited by the search; a failure (a cancelled call) must not surface before it is.
    measure(track, range.start).catch(() => undefined);
  }
}

/**
 * A smaller copy of a picture at the setting the level gave the picture itself (`LadderContext.startAt`): its full-size
 * file, when that setting lies in the level's range of its track and the file keeps the level's floor against the copy
 * and is smaller than it. A copy's pixels are the picture's, fewer: the setting that kept the floor there mostly keeps
 * it here too, in one encode where a search takes several. Undefined: the copy is searched as any picture.
 */
async function atStartingSetting(
  work: PictureWork,
  level: CompressionLevel,
  setting: PictureSetting,
  inputSize: number,
): Promise<Trial | undefined> {
  const track = work.job.tracks.find((t) => t.id === setting.track);
  const range = track?.stages[level];
  if (!track || !range || setting.knob < range.min || setting.knob > range.max) return undefined;
  const trial = await work.full(track, setting.knob);
  return meets(trial, QUALITY_BAR[level]) && trial.size < inputSize ? trial : undefined;
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
  const session = await pictureSession(input, ext, ctx, (job) => expectedTrials(job.tracks, levels) + (job.anchor ? 1 : 0), {
    // A copy with a setting to start from most often needs no search: nothing is started ahead for one.
    anchorFirst: levels.includes('balanced') && !ctx.startAt,
  });
  if ('keep' in session)
    return Object.fromEntries(levels.map((level) => [level, { path: input, format: ext, recipe: session.keep }]));
  try {
    return await searchLevels(input, ext, ctx, levels, session.work);
  } finally {
    // A trial started ahead that this run did not ask for ends before the run does (its folder may go next).
    await session.work.idle();
  }
}

/** `imageLadder`'s levels from the picture's session. */
async function searchLevels(
  input: string,
  ext: string,
  ctx: LadderContext,
  levels: readonly CompressionLevel[],
  work: PictureWork,
): Promise<Partial<LadderOutput>> {
  const { job, measurer, sampled, measure } = work;
  const [only] = levels;
  if (ctx.startAt && only && levels.length === 1) {
    const started = await atStartingSetting(work, only, ctx.startAt, (await stat(input)).size);
    if (started) return { [only]: output(job, started, measurer.trials) };
  }
  if (levels.length === 1 && levels[0] === 'light' && !sampled) {
    const exact = await exactLight(job, measure);
    if (exact) return { light: output(job, exact, measurer.trials) };
  }
  // The balanced starts the anchor cannot stand in for are measured whatever it gives: beside it, not after it.
  if (job.anchor) startIndependentStarts(job.tracks, job.anchor, measure);
  // The standard tool's encoding of the same pixels (sample included): its SSIM raises the light and balanced bars,
  // and it is a candidate itself.
  const anchor = job.anchor ? await measure(job.anchor.track, job.anchor.knob) : undefined;
  const bars: QualityBars = anchoredBars(anchor?.ssim);
  // Trials of a mosaic sample are smaller than the picture's: only full-size trials compare with the original's size.
  const inHand = sampled ? undefined : (await stat(input)).size;
  const trials = await runLadder(job.tracks, measure, bars, {
    seed: anchor ? [anchor] : [],
    levels,
    inHand,
    floorSource: sampled ? undefined : job.source,
  });
  const candidates = ladderCandidates(
    (level) => passingTrials(eligibleTrials(trials.through(level), level), bars[level]),
    inHand,
  );
  const keep = (level: CompressionLevel): FamilyOutput => ({
    path: input,
    format: ext,
    recipe: `kept the original: no ${job.ext.toUpperCase()} setting kept the quality floor (SSIM ${Number(bars[level].ssim.toFixed(4))})`,
  });

  const result: Partial<LadderOutput> = {};
  if (!sampled) {
    // Balanced's search ran whatever the call asked (search.ts), and at full size its pick is already a checked
    // file: it is answered too, so the result cache has it for the next call (a target's lighter levels, an Office
    // document's pictures at another level) at no cost.
    for (const level of levels.includes('balanced') ? levels : [...levels, 'balanced' as const]) {
      const best = candidates(level)[0];
      result[level] = best ? output(job, best, measurer.trials) : keep(level);
    }
    return result;
  }
  const picks = new FullSizePicks(candidates, work.full);
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
