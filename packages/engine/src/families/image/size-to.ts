import { SSIM_FLOOR } from '../../quality/ssim.js';
import { CLOSE_ENOUGH, type SizePoint, searchSize } from '../../tools/size-search.js';
import type { CompressContext, FamilyOutput, SizeRequest } from '../../types.js';
import { QUALITY_BAR } from './quality.js';
import { output } from './run.js';
import { meets, type Track, type Trial } from './search.js';
import { pictureSession } from './session.js';

/** Full-size encodes at most, between two levels or below the floor: the size steepens near the top of the scale. */
const MAX_TRIALS = 3;
/** The lowest quality a picture is taken to, even below the floor. */
const LOWEST_QUALITY = 10;
/** The top of the quality scales (mozjpeg, libwebp, x265's HEIC). */
const HIGHEST_QUALITY = 100;
/** First guess of how ln(bytes) grows per quality step (mozjpeg and libwebp: about 3 % a step between q60 and q90). */
const SIZE_SLOPE = 0.03;

/**
 * A picture at the quality whose full-size file lands just under the target, on the track (encoder and settings)
 * of the level's own result: between a too-large level's quality and a fitting one's (its SSIM must keep the fitting
 * level's floor), or below the too-large one down to q10. Near the top of a quality scale one step can grow the file
 * by a fifth, so when that track's best is not within 10 % under the target, the job's other quality tracks (JPEG's
 * other chroma layout, WebP with and without sharp YUV) are sized from the same setting, and the best score that
 * fits wins. Only quality scales are sized (JPEG, WebP, HEIC, AVIF); lossless files and palettes keep their levels'
 * results.
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
  if (!track || track.halving === undefined || knob === undefined) return undefined;
  // A too-large result of another track (or the original) says only that quality up to the top is too large.
  const overOn = (t: Track) =>
    tooLarge.metrics.track === job.tracks.indexOf(t) ? (tooLarge.metrics.setting ?? HIGHEST_QUALITY + 1) : HIGHEST_QUALITY + 1;
  const over = fits ? overOn(track) : knob;
  const sized = (t: Track) => sizeOnTrack(t, targetBytes, full);
  const found = await sized(track)(
    [{ setting: over, bytes: tooLarge.size }, ...(fits ? [{ setting: knob, bytes: fits.size }] : [])],
    fits ? knob + 1 : LOWEST_QUALITY,
    Math.min(HIGHEST_QUALITY, over - 1),
  );
  // Between two levels the answer must be larger than the fitting level's result and keep its floor.
  const keeps = (trial: Trial | undefined): trial is Trial =>
    trial !== undefined && (!fits || (trial.size > fits.size && trial.ssim >= SSIM_FLOOR[ctx.level]));
  // Another track's file must also score higher than the fitting level's own, colour shift included.
  const improves = (trial: Trial | undefined): trial is Trial =>
    keeps(trial) && (!fits || (trial.ssim > (fits.metrics.ssim ?? 1) && meets(trial, QUALITY_BAR[ctx.level])));
  const picks = keeps(found) ? [found] : [];
  // Below the floor only a found file says where the other tracks may fit; between levels, the fitting result does.
  const reached = found?.size ?? (fits ? fits.size : undefined);
  if (reached !== undefined && reached < targetBytes * CLOSE_ENOUGH) {
    for (const other of job.tracks.filter((t) => t !== track && t.halving !== undefined)) {
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
              fitsAtStart ? from + 1 : fits ? Math.max(LOWEST_QUALITY, from - OTHER_TRACK_SPAN) : LOWEST_QUALITY,
              fitsAtStart ? Math.min(HIGHEST_QUALITY, ceiling - 1) : from - 1,
              OTHER_TRACK_TRIALS,
            );
      picks.push(...[fitsAtStart ? start : undefined, best].filter(improves));
    }
  }
  const pick = picks.sort((a, b) => b.ssim - a.ssim || a.size - b.size)[0];
  return pick && output(job, pick, measurer.trials);
}

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
  track: Track,
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
      slope: SIZE_SLOPE,
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
