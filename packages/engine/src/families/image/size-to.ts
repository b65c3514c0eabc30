import { CLOSE_ENOUGH, type SizePoint, searchSize } from '../../tools/size-search.js';
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
  // A too-large result of another track (or the original) says only that settings up to the top are too large.
  const overOn = (t: SizedTrack) =>
    tooLarge.metrics.track === job.tracks.indexOf(t) ? (tooLarge.metrics.setting ?? t.sizing.highest + 1) : t.sizing.highest + 1;
  const over = fits ? overOn(track) : knob;
  const sized = (t: SizedTrack) => sizeOnTrack(t, targetBytes, full);
  const found = await sized(track)(
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
          : await sized(other)(
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
type SizedTrack = Track & { sizing: TrackSizing };

const isSized = (track: Track | undefined): track is SizedTrack => track?.sizing !== undefined;

/** Trials on each other track after its first, at the setting the level's own track found. */
const OTHER_TRACK_TRIALS = 2;
/**
 * Quality steps under its start another track is searched, between two levels: its files differ from the first
 * track's by a factor (4:4:4 JPEGs about a fifth over 4:2:0, some 6 steps of 3 %), and a setting much lower scores
 * under the fitting level anyway.
 */
const OTHER_TRACK_SPAN = 6;

/**
 * The largest full-size file of `track` at or under the target, between `min` and `max` (`searchSize` from the `known`
 * points, at least one of them too large), or undefined when none fits.
 */
function sizeOnTrack(
  track: SizedTrack,
  targetBytes: number,
  full: (track: Track, knob: number) => Promise<Trial>,
): (known: SizePoint[], min: number, max: number, maxTrials?: number) => Promise<Trial | undefined> {
  return async (known, min, max, maxTrials = MAX_TRIALS) => {
    const trials = new Map<number, Trial>();
    const found = await searchSize({
      targetBytes,
      known,
      min,
      max,
      slope: track.sizing.slope,
      maxTrials,
      evaluate: async (quality) => {
        const trial = await full(track, quality);
        if (trial.ssim < 0) return undefined;
        trials.set(quality, trial);
        return trial.size;
      },
    });
    return found && trials.get(found.setting);
  };
}
