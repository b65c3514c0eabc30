import { SSIM_FLOOR } from '../../quality/ssim.js';
import { searchSize } from '../../tools/size-search.js';
import type { CompressContext, FamilyOutput, KnownResult, SizeRequest } from '../../types.js';
import { output } from './run.js';
import type { Trial } from './search.js';
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
 * level's floor), or below the too-large one down to q10. Only quality scales are sized (JPEG, WebP, HEIC, AVIF);
 * lossless files and palettes keep their levels' results.
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
  const onTrack = (known: KnownResult) => (known.metrics.track === basis.metrics.track ? known.metrics.setting : undefined);
  const over = fits ? (onTrack(tooLarge) ?? HIGHEST_QUALITY + 1) : knob;
  const trials = new Map<number, Trial>();
  const found = await searchSize({
    targetBytes,
    known: [{ setting: over, bytes: tooLarge.size }, ...(fits ? [{ setting: knob, bytes: fits.size }] : [])],
    min: fits ? knob + 1 : LOWEST_QUALITY,
    max: Math.min(HIGHEST_QUALITY, over - 1),
    slope: SIZE_SLOPE,
    maxTrials: MAX_TRIALS,
    evaluate: async (quality) => {
      const trial = await full(track, quality);
      if (trial.ssim < 0) return undefined;
      trials.set(quality, trial);
      return trial.size;
    },
  });
  const trial = found && trials.get(found.setting);
  if (!trial || (fits && trial.ssim < SSIM_FLOOR[ctx.level])) return undefined;
  return output(job, trial, measurer.trials);
}
