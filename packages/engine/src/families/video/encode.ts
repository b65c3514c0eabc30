import path from 'node:path';
import { type FfmpegRunner, ffmpegTimeoutMs, runFfmpegInBudget } from '../../tools/media/ffmpeg.js';
import type { MediaInfo, MediaStream } from '../../tools/media/probe.js';
import { type AudioDecision, audioArgs } from './audio-plan.js';
import { decoderArgs, MUX_ARGS, MUXER, type SpeedClass, type VideoCodec } from './codecs.js';

/** A lossless sample of a long file, which its quality search encodes and measures against. */
export interface SearchClip {
  path: string;
  /** Input options for reading the clip. */
  inputArgs: string[];
  /** Stream to encode, as a `-map` specifier. */
  map: string;
  durationSec: number;
}

/** The picture settings chosen for a file: encoder, knob value, speed and pixel format. */
export interface VideoSettings {
  codec: VideoCodec;
  value: number;
  speed: SpeedClass;
  pixFmt: string;
  video: MediaStream;
  /**
   * The source shows its last frame longer than one frame: the output repeats it once at the end of that time, or
   * its picture would stop early (each output frame lasts until the next; the last one, one frame).
   */
  holdLastFrame?: boolean;
}

// Every encode below takes a slot of the process-wide CPU budget, as every job's encodes do.

/**
 * The lossless sample a long file's quality search encodes: its spans (`starts`, each `spanSec` long) cut from the
 * source and decoded once, so every trial reads that small file instead of seeking through the source.
 */
export async function prepareClip(
  runner: FfmpegRunner,
  source: string,
  info: MediaInfo,
  video: MediaStream,
  starts: readonly number[],
  spanSec: number,
  workDir: string,
  onFraction: (f: number) => void,
): Promise<SearchClip> {
  const fps = video.fps ?? 25;
  const inputArgs = [...decoderArgs(video), '-noautorotate'];
  const sampleSec = starts.length * spanSec;
  // Lossless x264 where it takes the pixel format (fast to decode); FFV1 for the rest (RGB, alpha).
  const x264Lossless = ['yuv420p', 'yuvj420p', 'yuv422p', 'yuvj422p', 'yuv444p', 'yuvj444p'].includes(video.pixFmt ?? '');
  const codecArgs = x264Lossless ? ['-c:v', 'libx264', '-qp', '0', '-preset', 'ultrafast'] : ['-c:v', 'ffv1'];
  const out = path.join(workDir, 'sample-reference.mkv');
  // Both ways end in the picture `[v]` of the spans, encoded losslessly with its own frame times.
  const output = ['-map', '[v]', ...codecArgs, '-fps_mode', 'vfr', '-y', out];
  const options = { durationSec: sampleSec, onFraction, readsUserInput: true, timeoutMs: ffmpegTimeoutMs(info.durationSec, 2) };
  // Fast path: seek to each span. Files with a wrong keyframe index decode garbage after a seek (the decoder
  // complains), so those are sampled again by decoding from the start and selecting the same spans.
  const seeked = await runFfmpegInBudget(
    runner,
    [
      ...starts.flatMap((start) => [...inputArgs, '-ss', start.toFixed(3), '-t', spanSec.toFixed(3), '-i', source]),
      '-filter_complex',
      `${starts.map((_, k) => `[${k}:${video.index}]`).join('')}concat=n=${starts.length}:v=1:a=0[v]`,
      ...output,
    ],
    options,
  );
  if (seeked.errors.length > 0) {
    const spans = starts.map((start) => `between(t,${start.toFixed(3)},${(start + spanSec).toFixed(3)})`).join('+');
    await runFfmpegInBudget(
      runner,
      [
        ...inputArgs,
        '-i',
        source,
        '-filter_complex',
        `[0:${video.index}]select='${spans}',setpts=N/(${fps.toFixed(6)}*TB)[v]`,
        ...output,
      ],
      { ...options, durationSec: info.durationSec },
    );
  }
  return { path: out, inputArgs: [], map: '0:0', durationSec: sampleSec };
}

/** Rewrites generic encoder options (`-c:v`, `-crf`, `-q:v`) to apply only to output stream `index`. */
export function forOutputStream(args: readonly string[], index: number): string[] {
  return args.map((arg, i) => (i % 2 === 0 && arg.startsWith('-') ? `${arg.split(':')[0]}:${index}` : arg));
}

/**
 * The picture's encoder arguments for output stream `outIndex`. Every source frame becomes one output frame with its
 * own timestamp (no frame repeated or dropped to fit a constant rate), so outputs compare frame by frame.
 */
function videoArgs(s: VideoSettings, outIndex: number): string[] {
  const hold = s.holdLastFrame ? [`-filter:${outIndex}`, 'tpad=stop_mode=clone:stop=1'] : [];
  return [
    ...forOutputStream(s.codec.args(s.value, s.speed, s.video), outIndex),
    `-pix_fmt:${outIndex}`,
    s.pixFmt,
    `-fps_mode:${outIndex}`,
    'vfr',
    ...hold,
  ];
}

/** Muxer options: the container's own flags, and no random identifiers (Matroska and Ogg write them), so the same input gives the same bytes. */
function muxArgs(container: string): string[] {
  return [...(MUX_ARGS[container] ?? []), '-fflags', '+bitexact', '-f', MUXER[container] ?? container];
}

/** One trial: the clip's picture alone, encoded in the target container (so container quirks count too). */
export async function encodeTrial(
  runner: FfmpegRunner,
  clip: SearchClip,
  s: VideoSettings,
  container: string,
  out: string,
  onFraction: (f: number) => void,
): Promise<void> {
  // The clip's last frame is not the source's: it is never held.
  await runFfmpegInBudget(
    runner,
    [
      ...clip.inputArgs,
      '-i',
      clip.path,
      '-map',
      clip.map,
      ...videoArgs({ ...s, holdLastFrame: false }, 0),
      '-an',
      '-sn',
      '-dn',
      ...muxArgs(container),
      '-y',
      out,
    ],
    { durationSec: clip.durationSec, onFraction, timeoutMs: ffmpegTimeoutMs(clip.durationSec) },
  );
}

/** How the final file treats the streams that are not the main picture. */
export interface StreamPlan {
  audio: Map<number, AudioDecision>;
  /** Data tracks (timecode, telemetry) are copied when the muxer accepts them, else dropped with a note. */
  keepData: boolean;
}

/** The source's streams the final file carries, in their order (its output stream n is the n-th of these). */
export function carriedStreams(info: MediaInfo, plan: StreamPlan): MediaInfo['streams'] {
  return info.streams.filter((stream) => stream.type !== 'unknown' && (stream.type !== 'data' || plan.keepData));
}

/**
 * The final file: every stream of the source in its order — the main picture re-encoded, audio per plan,
 * subtitles, cover art, attachments and chapters copied, metadata kept — in one pass so A/V sync is untouched.
 * Returns ffmpeg's error lines (what it met while reading the source).
 */
export async function encodeFinal(
  runner: FfmpegRunner,
  source: string,
  info: MediaInfo,
  s: VideoSettings | undefined,
  plan: StreamPlan,
  container: string,
  out: string,
  onFraction: (f: number) => void,
): Promise<string[]> {
  const maps: string[] = [];
  const codecs: string[] = ['-c', 'copy'];
  carriedStreams(info, plan).forEach((stream, outIndex) => {
    maps.push('-map', `0:${stream.index}`);
    if (s && stream.index === s.video.index) codecs.push(...videoArgs(s, outIndex));
    const audio = plan.audio.get(stream.index);
    if (audio) codecs.push(...audioArgs(audio, outIndex));
  });
  const input = s ? [...decoderArgs(s.video), '-noautorotate'] : [];
  const { errors } = await runFfmpegInBudget(
    runner,
    [
      ...input,
      '-i',
      source,
      ...maps,
      ...codecs,
      '-map_metadata',
      '0',
      '-map_chapters',
      '0',
      '-max_muxing_queue_size',
      '4096',
      ...muxArgs(container),
      '-y',
      out,
    ],
    { durationSec: info.durationSec, onFraction, readsUserInput: true, timeoutMs: ffmpegTimeoutMs(info.durationSec) },
  );
  return errors;
}
