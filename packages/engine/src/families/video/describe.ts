import type { FamilyOutput } from '../../types.js';
import type { PictureQuality } from './quality.js';
import type { VideoJob } from './video-job.js';
import type { VerifiedOutput } from './video-trials.js';

/** The original, kept: `why` says what was tried and why it was not kept. */
export function original(job: VideoJob, why: string, notes: string[] = []): FamilyOutput {
  return { path: job.input, format: job.type.ext, recipe: `kept the original: ${why}`, notes };
}

/** The recipe and metrics of a verified output. */
export function describe(
  job: VideoJob,
  output: VerifiedOutput,
  value: number | undefined,
  quality: PictureQuality | undefined,
  encodes: number,
): FamilyOutput {
  const { codec, container, picture } = job;
  const where = picture?.check.spans
    ? `worst of ${picture.check.spans.length} sampled 2-s spans`
    : 'worst 2-s window, every frame';
  const pictureText =
    value === undefined || !picture || !quality
      ? job.keptPicture
        ? 'picture kept'
        : 'no picture'
      : `${codec.label} ${codec.knob} ${value} (${codec.speedLabel(picture.speed)}), SSIM ${quality.worst.toFixed(3)} (${where})`;
  const parts = [
    pictureText,
    output.audioText && `audio: ${output.audioText}`,
    container === 'mp4' || container === 'mov' ? 'fast start' : '',
  ].filter(Boolean);
  const notes = [...output.notes, ...(job.keptPicture ? [job.keptPicture] : [])];
  const metrics: Record<string, number> = quality
    ? { ssim: quality.worst, ssimMean: quality.mean, trials: encodes }
    : { trials: encodes };
  // Where the before/after still is taken: the middle of the worst window, in seconds.
  const fps = job.picture?.video.fps;
  if (quality && fps) metrics.worstAtSec = Number(((quality.worstFrame + fps) / fps).toFixed(2));
  // The knob value, for "make it fit" to size between levels (families' `sizeTo`).
  if (value !== undefined) metrics.setting = value;
  return { path: output.path, format: container, recipe: parts.join('; '), metrics, notes };
}
