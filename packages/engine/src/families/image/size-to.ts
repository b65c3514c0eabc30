import { CLOSE_ENOUGH, type SizePoint, type SizeSearch, searchSize } from '../../tools/size-search.js';
import type { CompressContext, FamilyOutput, SizeRequest } from '../../types.js';
import { QUALITY_BAR } from './quality.js';
import { output } from './run.js';
import { meets, type Track, type TrackSizing, type Trial } from './search.js';
import { pictureSession } from './session.js';

/** Full-size encodes at most, between two levels or below the floor: the size steepens near the top of the scale. */
const MAX_TRIALS = 3;

/**
 * A picture at the setting whose full-size file lands just under the target, on the track (encoder and settings)
 * of the level's own result: between a too-large level's setting and a fitting one's (it must keep the fitting
 * level's bar), or below the too-large one down to the track's lowest (q10 on quality scales). Near the top of a
 * quality scale one step can grow the file by a fifth, so when that track's best is not within 10 % under the
 * target, the job's other tracks on the same scale (JPEG's other chroma layout, WebP with and without sharp YUV) are
 * sized from the same setting, and the best score that fits wins. Only tracks with a sized knob
 * are searched (`Track.sizing`: the quality scales of JPEG, WebP, HEIC and AVIF, GIF's lossy encoders): lossless
 * files and palettes keep their levels' results.
 */
export async function sizeImageFile(
  input: string,
  ext: string,
  ctx: CompressContext & { size: SizeRequest },
): Promise<FamilyOutput | undefined> {
  const { targetBytes, tooLarge, fits } = ctx.size;
  const basis = fits ?? tooLarge;
  // The call's picture session: the levels' runs already decoded the picture (a HEIC's decoding is seconds).
  const session = await pictureSession(input, ext, ctx, () => MAX_TRIALS);
  if ('keep' in session) return undefined;
  const { job, measurer, full } = session.work;
  const track = job.tracks[basis.metrics.track ?? -1];
  const knob = basis.metrics.setting;
  if (!isSized(track) || knob === undefined) return undefined;
  // A sampled picture's search knows its sample at every setting it tried, for a fraction of a full-size encode.
  const { sampled, measure } = session.work;
  const guide = (at: number, bytes: number) => (sampled ? { measure, knob: at, bytes } : undefined);
  // A too-large result of another track (or the original) says only that settings up to the top are too large.
  const overOn = (t: SizedTrack) =>
    tooLarge.metrics.track === job.tracks.indexOf(t) ? (tooLarge.metrics.setting ?? t.sizing.highest + 1) : t.sizing.highest + 1;
  const over = fits ? overOn(track) : knob;
  const sized = (t: SizedTrack, from?: SampleGuide) => sizeOnTrack(t, targetBytes, full, from);
  const found = await sized(track, guide(knob, basis.size))(
    [{ setting: over, bytes: tooLarge.size }, ...(fits ? [{ setting: knob, bytes: fits.size }] : [])],
    fits ? knob + 1 : track.sizing.lowest,
    Math.min(track.sizing.highest, over - 1),
  );
  // Between two levels the answer must be larger than the fitting level's result and keep its bar (a palette's
  // colour shift can grow where its SSIM does not fall).
  const keeps = (trial: Trial | undefined): trial is Trial =>
    trial !== undefined && (!fits || (trial.size > fits.size && meets(trial, QUALITY_BAR[ctx.level])));
  // Another track's file must also score higher than the fitting level's own.
  const improves = (trial: Trial | undefined): trial is Trial => keeps(trial) && (!fits || trial.ssim > (fits.metrics.ssim ?? 1));
  const picks = keeps(found) ? [found] : [];
  // Below the floor only a found file says where the other tracks may fit; between levels, the fitting result does.
  const reached = found?.size ?? (fits ? fits.size : undefined);
  if (reached !== undefined && reached < targetBytes * CLOSE_ENOUGH) {
    // A setting carries over only to a track on the same scale (GIF's two lossy knobs are unrelated).
    for (const other of job.tracks.filter((t) => t !== track && t.sizing === track.sizing).filter(isSized)) {
      // From the setting the first track reached (the tracks' files differ by a factor, so it lies near the target),
      // under a setting of this track already known too large.
      const ceiling = overOn(other);
      const from = Math.min(found?.knob ?? knob, ceiling - 1);
      const start = await full(other, from);
      if (start.ssim < 0) continue;
      const startPoint = { setting: from, bytes: start.size };
      const fitsAtStart = start.size <= targetBytes;
      const best =
        fitsAtStart && start.size >= targetBytes * CLOSE_ENOUGH
          ? undefined
          : await sized(other, guide(from, start.size))(
              fitsAtStart ? [{ setting: ceiling, bytes: tooLarge.size }, startPoint] : [startPoint],
              fitsAtStart ? from + 1 : fits ? Math.max(other.sizing.lowest, from - OTHER_TRACK_SPAN) : other.sizing.lowest,
              fitsAtStart ? Math.min(other.sizing.highest, ceiling - 1) : from - 1,
              OTHER_TRACK_TRIALS,
            );
      picks.push(...[fitsAtStart ? start : undefined, best].filter(improves));
    }
  }
  const pick = picks.sort((a, b) => b.ssim - a.ssim || a.size - b.size)[0];
  return pick && output(job, pick, measurer.trials);
}

/** A track whose knob can be sized. */
export type SizedTrack = Track & { sizing: TrackSizing };

const isSized = (track: Track | undefined): track is SizedTrack => track?.sizing !== undefined;

/** Trials on each other track after its first, at the setting the level's own track found. */
const OTHER_TRACK_TRIALS = 2;
/**
 * Quality steps under its start another track is searched, between two levels: its files differ from the first
 * track's by a factor (4:4:4 JPEGs about a fifth over 4:2:0, some 6 steps of 3 %), and a setting much lower scores
 * under the fitting level anyway.
 */
const OTHER_TRACK_SPAN = 6;

/** Trials of the sample, at most, behind each full-size trial of a guided sizing (`SampleGuide`). */
const SAMPLE_TRIALS = 4;
/**
 * Full-size files at least this many times their sample's: a sample's encode then costs at most about half the
 * picture's. (A picture just over the sampling threshold has a sample near its own size; a 1600×1000 HEIC, whose
 * sample's files are 2.2 times smaller, takes 6 sample and 2 full-size encodes guided, landing at 94 % of its target,
 * where 3 full-size encodes alone found nothing between light and the original.)
 */
const MIN_SAMPLE_RATIO = 2;

/**
 * A sampled picture's sample (sample.ts), whose files the level's search made at many settings, guides its sizing:
 * at a setting whose full-size file is known too (`knob`, `bytes`: the level's result the sizing starts from, then
 * each full-size trial), the two sizes give a ratio, and the sample's files at other settings, scaled by it, tell
 * roughly what the picture's would weigh. Searched like those (a fraction of a full-size encode each), they say where
 * to encode at full size; each full-size file then calibrates the next guess close to the answer.
 */
export interface SampleGuide {
  measure: (track: Track, knob: number) => Promise<Trial>;
  knob: number;
  bytes: number;
}

/**
 * The largest full-size file of `track` at or under the target, between `min` and `max` (`searchSize` from the `known`
 * points, at least one of them too large), or undefined when none fits. With a `sample` guide, each full-size trial
 * is where the sample points (`SampleGuide`), and a trial within 10 % under the target ends it; no more full-size
 * trials than without one.
 */
export function sizeOnTrack(
  track: SizedTrack,
  targetBytes: number,
  full: (track: Track, knob: number) => Promise<Trial>,
  sample?: SampleGuide,
): (known: SizePoint[], min: number, max: number, maxTrials?: number) => Promise<Trial | undefined> {
  return async (known, min, max, maxTrials = MAX_TRIALS) => {
    const trials = new Map<number, Trial>();
    const evaluate = async (quality: number) => {
      const trial = await full(track, quality);
      if (trial.ssim < 0) return undefined;
      trials.set(quality, trial);
      return trial.size;
    };
    const search = { targetBytes, min, max, slope: track.sizing.slope };
    const points = [...known];
    const calibrations = sample ? [{ setting: sample.knob, bytes: sample.bytes }] : [];
    let best: SizePoint | undefined;
    let left = maxTrials;
    while (sample && left > 0) {
      const guess = await guessFromSample(track, sample.measure, calibrations, { ...search, known: points });
      if (guess === undefined || points.some((p) => p.setting === guess)) break;
      const bytes = await evaluate(guess);
      left--;
      if (bytes === undefined) return best && trials.get(best.setting);
      const point = { setting: guess, bytes };
      points.push(point);
      calibrations.push(point);
      if (bytes <= targetBytes && (!best || bytes > best.bytes)) best = point;
      if (best && best.bytes >= targetBytes * CLOSE_ENOUGH) return trials.get(best.setting);
    }
    // Without a guide, or where it has nothing more to say, the search on full-size files alone: it returns only
    // files larger than the fitting ones it is given, the guided trials' among them.
    const found = left > 0 ? await searchSize({ ...search, known: points, maxTrials: left, evaluate }) : undefined;
    const pick = found && (!best || found.bytes > best.bytes) ? found : best;
    return pick && trials.get(pick.setting);
  };
}

/**
 * Where the sample says the picture's file lands just under the target: the sample's files scaled by their ratio to
 * the full-size file nearest the target in `calibrations`, searched from the full-size `known` points. Undefined when
 * none is predicted to fit, or the sample is too close to the picture's size to save anything (`MIN_SAMPLE_RATIO`).
 */
async function guessFromSample(
  track: SizedTrack,
  measure: SampleGuide['measure'],
  calibrations: readonly SizePoint[],
  search: Pick<SizeSearch, 'targetBytes' | 'known' | 'min' | 'max' | 'slope'>,
): Promise<number | undefined> {
  const distance = (p: SizePoint) => Math.abs(Math.log(p.bytes / search.targetBytes));
  const nearest = [...calibrations].sort((a, b) => distance(a) - distance(b))[0];
  if (!nearest) return undefined;
  const at = await measure(track, nearest.setting);
  if (at.ssim < 0 || !(at.size > 0) || !Number.isFinite(at.size)) return undefined;
  const ratio = nearest.bytes / at.size;
  if (ratio < MIN_SAMPLE_RATIO) return undefined;
  const found = await searchSize({
    ...search,
    maxTrials: SAMPLE_TRIALS,
    evaluate: async (quality) => {
      const trial = await measure(track, quality);
      return trial.ssim < 0 ? undefined : trial.size * ratio;
    },
  });
  return found?.setting;
}
