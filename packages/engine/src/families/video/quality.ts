import { SSIM_FLOOR, measureSsim } from '../../quality/ssim.js';
import type { CompressContext } from '../../types.js';
import { type MediaInfo, mainVideoStream, probeMedia } from '../media/probe.js';

/** Frames per second compared by SSIM: enough to catch a bad scene, cheap on long files. */
export const SSIM_SAMPLE_FPS = 2;

/** Where the main picture starts, relative to its file's first timestamp (what ffmpeg's inputs are shifted to). */
function pictureStart(info: MediaInfo): number {
  const video = mainVideoStream(info);
  return video ? video.startTime - info.startTime : 0;
}

/**
 * SSIM of a re-encoded picture against its reference, frames compared at the same place in the picture's own
 * timeline. Encoders' priming (AAC, Opus, B-frame delay) shifts a picture's first timestamp by a few ms, and
 * ffmpeg's ssim filter pairs frames by timestamp, so the offset is removed first. Some demuxers (ASF) report
 * start times that do not match where frames really sit; a pure timing offset is no loss of picture quality,
 * so when the aligned comparison falls short, the raw one is measured too and the better counts.
 */
export async function pictureSsim(ctx: CompressContext, reference: { path: string; info: MediaInfo; args: string[] }, distorted: string, distortedInfo?: MediaInfo): Promise<number> {
  const info = distortedInfo ?? (await probeMedia(ctx.runProcess, distorted, ctx.signal));
  const offset = pictureStart(reference.info) - pictureStart(info);
  const measure = (shift: number) => measureSsim(ctx.runProcess, reference.path, distorted, {
    signal: ctx.signal,
    sampleFps: SSIM_SAMPLE_FPS,
    referenceArgs: reference.args,
    distortedArgs: ['-noautorotate', ...(Math.abs(shift) > 1e-4 ? ['-itsoffset', shift.toFixed(6)] : [])],
  });
  const aligned = await measure(offset);
  if (aligned >= SSIM_FLOOR[ctx.level] || Math.abs(offset) <= 1e-4) return aligned;
  return Math.max(aligned, await measure(0));
}
