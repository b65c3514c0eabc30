import path from 'node:path';
import type { Resized } from './tools/image/resize.js';
import { type FfmpegRunner, ffmpegTimeoutMs, runFfmpegInBudget } from './tools/media/ffmpeg.js';
import { mainVideoStream, probeMedia } from './tools/media/probe.js';

/**
 * The near-lossless copy a resized video is compressed from: x264 at CRF 10 (the family then measures its result
 * against this copy, as a resized picture's is), in Matroska, which carries every codec of sound and subtitles the
 * source may hold but MP4's text subtitles (a file with those gets an MP4 copy).
 */
const COPY_ARGS = ['-c:v', 'libx264', '-crf', '10', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'];

/**
 * A video whose longest displayed side is over `maxDimension`, made to fit it (never enlarged, the display rotation
 * applied, even sides) before it is compressed: the copy in the call's work folder, sound, subtitles and chapters
 * copied. 10-bit and HDR video is left at full size, as the video family leaves its picture as it is.
 */
export async function resizeVideo(runner: FfmpegRunner, input: string, maxDimension: number, workDir: string): Promise<Resized> {
  const info = await probeMedia(runner.runProcess, input, runner.signal);
  const video = mainVideoStream(info);
  if (!video?.width || !video.height) return { input };
  const turned = video.rotation === 90 || video.rotation === 270;
  const [width, height] = turned ? [video.height, video.width] : [video.width, video.height];
  if (Math.max(width, height) <= maxDimension) return { input };
  const deep = /p1[0-6](le|be)?$/.test(video.pixFmt ?? '') || (video.bitsPerRawSample ?? 8) > 8;
  const hdr = video.colorTransfer === 'smpte2084' || video.colorTransfer === 'arib-std-b67';
  if (deep || hdr) return { input, note: '10-bit and HDR video is not resized: kept at full size' };
  const scale = maxDimension / Math.max(width, height);
  // Even sides, as 4:2:0 video needs them.
  const even = (n: number) => Math.max(2, 2 * Math.round((n * scale) / 2));
  const [w, h] = [even(width), even(height)];
  // MP4's text subtitles (mov_text) have no place in Matroska: such a file's copy is an MP4 itself.
  const mp4Text = info.streams.some((s) => s.type === 'subtitle' && s.codec === 'mov_text');
  const output = path.join(workDir, mp4Text ? 'resized.mp4' : 'resized.mkv');
  await runFfmpegInBudget(
    runner,
    [
      '-i',
      input,
      '-map',
      `0:${video.index}`,
      '-map',
      '0:a?',
      '-map',
      '0:s?',
      '-vf',
      `scale=${w}:${h}`,
      ...COPY_ARGS,
      '-c:a',
      'copy',
      '-c:s',
      'copy',
      '-map_metadata',
      '0',
      '-map_chapters',
      '0',
      '-y',
      output,
    ],
    { durationSec: info.durationSec, readsUserInput: true, timeoutMs: ffmpegTimeoutMs(info.durationSec, 2) },
  );
  const note = `Resized from ${width}×${height} to ${w}×${h} (longest side ${maxDimension} px)`;
  return { input: output, note, intermediate: true };
}
