import path from 'node:path';
import { type FfmpegRunner, ffmpegTimeoutMs, runFfmpeg } from '../media/ffmpeg.js';
import type { MediaInfo, MediaStream } from '../media/probe.js';
import { type AudioDecision, audioArgs } from './audio-plan.js';
import { MUX_ARGS, MUXER, type SpeedClass, type VideoCodec, decoderArgs } from './codecs.js';

/** What the quality search encodes and measures against: the whole source, or a lossless sample of it. */
export interface SearchClip {
  path: string;
  /** Input options for reading the clip (decoder, no auto-rotation). */
  inputArgs: string[];
  /** Stream to encode, as a `-map` specifier. */
  map: string;
  durationSec: number;
  whole: boolean;
}

/** The picture settings chosen for a file: encoder, knob value, speed and pixel format. */
export interface VideoSettings {
  codec: VideoCodec;
  value: number;
  speed: SpeedClass;
  pixFmt: string;
  video: MediaStream;
}

/** Pixel-frames of the sample the search encodes: ~3 % of a long file, bounded so each trial takes seconds. */
function sampleBudget(pixelFrames: number): number {
  return Math.min(600e6, Math.max(60e6, pixelFrames * 0.03));
}

/**
 * Short files are searched whole. Longer ones are searched on a few evenly spread segments (each ≥ ~1 s so
 * the encoder works as it does on the real file), decoded once into a lossless reference: every trial then
 * reads that small file instead of seeking through the source, and the final encode reuses the chosen value.
 */
export async function prepareClip(runner: FfmpegRunner, source: string, info: MediaInfo, video: MediaStream, workDir: string, onFraction: (f: number) => void): Promise<SearchClip> {
  const fps = video.fps ?? 25;
  const perSecond = (video.width ?? 1) * (video.height ?? 1) * fps;
  const pixelFrames = perSecond * info.durationSec;
  const inputArgs = [...decoderArgs(video), '-noautorotate'];
  const budget = sampleBudget(pixelFrames);
  if (pixelFrames <= budget * 1.5) {
    return { path: source, inputArgs, map: `0:${video.index}`, durationSec: info.durationSec, whole: true };
  }
  const sampleSec = budget / perSecond;
  const count = Math.max(1, Math.min(5, Math.floor(sampleSec)));
  const segment = sampleSec / count;
  const starts = Array.from({ length: count }, (_, k) => Math.max(0, (info.durationSec * (k + 0.5)) / count - segment / 2));
  // Lossless x264 where it takes the pixel format (fast to decode); FFV1 for the rest (RGB, alpha).
  const x264Lossless = ['yuv420p', 'yuvj420p', 'yuv422p', 'yuvj422p', 'yuv444p', 'yuvj444p'].includes(video.pixFmt ?? '');
  const codecArgs = x264Lossless ? ['-c:v', 'libx264', '-qp', '0', '-preset', 'ultrafast'] : ['-c:v', 'ffv1'];
  const out = path.join(workDir, 'sample-reference.mkv');
  const options = { durationSec: sampleSec, onFraction, readsUserInput: true, timeoutMs: ffmpegTimeoutMs(info.durationSec, 2) };
  // Fast path: seek to each segment. Files with a wrong keyframe index decode garbage after a seek (the
  // decoder complains), so those are sampled again by decoding from the start and selecting the same spans.
  const seeked = await runFfmpeg(runner, [
    ...starts.flatMap((start) => [...inputArgs, '-ss', start.toFixed(3), '-t', segment.toFixed(3), '-i', source]),
    '-filter_complex', `${starts.map((_, k) => `[${k}:${video.index}]`).join('')}concat=n=${count}:v=1:a=0[v]`,
    '-map', '[v]', ...codecArgs, '-y', out,
  ], options);
  if (seeked.errors.length > 0) {
    const spans = starts.map((start) => `between(t,${start.toFixed(3)},${(start + segment).toFixed(3)})`).join('+');
    await runFfmpeg(runner, [
      ...inputArgs, '-i', source, '-filter_complex', `[0:${video.index}]select='${spans}',setpts=N/(${fps.toFixed(6)}*TB)[v]`,
      '-map', '[v]', ...codecArgs, '-y', out,
    ], { ...options, durationSec: info.durationSec });
  }
  return { path: out, inputArgs: [], map: '0:0', durationSec: sampleSec, whole: false };
}

/** Rewrites generic encoder options (`-c:v`, `-crf`, `-q:v`) to apply only to output stream `index`. */
export function forOutputStream(args: readonly string[], index: number): string[] {
  return args.map((arg, i) => (i % 2 === 0 && arg.startsWith('-') ? `${arg.split(':')[0]}:${index}` : arg));
}

function videoArgs(s: VideoSettings, outIndex: number): string[] {
  return [...forOutputStream(s.codec.args(s.value, s.speed, s.video), outIndex), `-pix_fmt:${outIndex}`, s.pixFmt];
}

/** One trial: the clip's picture alone, encoded in the target container (so container quirks count too). */
export async function encodeTrial(runner: FfmpegRunner, clip: SearchClip, s: VideoSettings, container: string, out: string, onFraction: (f: number) => void): Promise<void> {
  await runFfmpeg(runner, [
    ...clip.inputArgs, '-i', clip.path, '-map', clip.map, ...videoArgs(s, 0), '-an', '-sn', '-dn', '-f', MUXER[container] ?? container, '-y', out,
  ], { durationSec: clip.durationSec, onFraction, readsUserInput: clip.whole, timeoutMs: ffmpegTimeoutMs(clip.durationSec) });
}

/** How the final file treats the streams that are not the main picture. */
export interface StreamPlan {
  audio: Map<number, AudioDecision>;
  /** Data tracks (timecode, telemetry) are copied when the muxer accepts them, else dropped with a note. */
  keepData: boolean;
}

/**
 * The final file: every stream of the source in its order — the main picture re-encoded, audio per plan,
 * subtitles, cover art, attachments and chapters copied, metadata kept — in one pass so A/V sync is untouched.
 */
export async function encodeFinal(runner: FfmpegRunner, source: string, info: MediaInfo, s: VideoSettings | undefined, plan: StreamPlan, container: string, out: string, onFraction: (f: number) => void): Promise<void> {
  const maps: string[] = [];
  const codecs: string[] = ['-c', 'copy'];
  let outIndex = 0;
  for (const stream of info.streams) {
    if (stream.type === 'unknown' || (stream.type === 'data' && !plan.keepData)) continue;
    maps.push('-map', `0:${stream.index}`);
    if (s && stream.index === s.video.index) codecs.push(...videoArgs(s, outIndex));
    const audio = plan.audio.get(stream.index);
    if (audio) codecs.push(...audioArgs(audio, outIndex));
    outIndex++;
  }
  const input = s ? [...decoderArgs(s.video), '-noautorotate'] : [];
  await runFfmpeg(runner, [
    ...input, '-i', source, ...maps, ...codecs, '-map_metadata', '0', '-map_chapters', '0', '-max_muxing_queue_size', '4096',
    ...(MUX_ARGS[container] ?? []), '-f', MUXER[container] ?? container, '-y', out,
  ], { durationSec: info.durationSec, onFraction, readsUserInput: true, timeoutMs: ffmpegTimeoutMs(info.durationSec) });
}
