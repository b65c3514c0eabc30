import path from 'node:path';
import { budgetMedia } from '../budget.js';
import { EngineError, isEngineError } from '../errors.js';
import {
  assertNotTruncated,
  type FfmpegRunner,
  ffmpegTimeoutMs,
  readableDuration,
  reportsDamage,
  runFfmpeg,
} from '../tools/media/ffmpeg.js';
import { budgetVideo } from '../tools/media/media-budget.js';
import { type MediaInfo, type MediaStream, mainVideoStream, probeMedia } from '../tools/media/probe.js';
import type { DetectedType } from '../types.js';
import { assertConvertible } from './convertible.js';
import { AUDIO_RECIPES, type AudioRecipe, fixedRate, GIF_MAX_SECONDS, gifFilter, VIDEO_RECIPES } from './media-recipes.js';
import { countVideoFrames, streamDurations } from './media-streams.js';
import type { ConvertContext, ConverterOutput, FamilyConverter } from './types.js';

const VIDEO_INPUTS: readonly string[] = ['mp4', 'mov', 'avi', 'mkv', 'webm', 'wmv', 'flv'];
const VIDEO_TARGETS: readonly string[] = ['mp4', 'webm', 'mov', 'mkv', 'avi', 'gif', 'mp3', 'wav', 'm4a'];
const AUDIO_INPUTS: readonly string[] = ['mp3', 'wav', 'flac', 'aac', 'ogg', 'm4a', 'opus'];
const AUDIO_TARGETS: readonly string[] = AUDIO_INPUTS;

/** An output keeps the input's duration within this many seconds. */
export const CONVERT_DURATION_TOLERANCE_SEC = 0.5;

const LABEL: Readonly<Record<string, string>> = {
  mp4: 'MP4',
  webm: 'WebM',
  mov: 'MOV',
  mkv: 'MKV',
  avi: 'AVI',
  gif: 'GIF',
  wmv: 'WMV',
  flv: 'FLV',
  mp3: 'MP3',
  wav: 'WAV',
  flac: 'FLAC',
  aac: 'AAC',
  ogg: 'Ogg Vorbis',
  m4a: 'M4A',
  opus: 'Opus',
};

/** The sound that is converted: the stream marked default, else the first one (a file gets one audio track). */
function mainAudioStream(info: MediaInfo): MediaStream | undefined {
  const audio = info.streams.filter((s) => s.type === 'audio');
  return audio.find((s) => s.isDefault) ?? audio[0];
}

/** Mixes down to what the encoder takes. */
function channelArgs(recipe: AudioRecipe, audio: MediaStream): string[] {
  return recipe.maxChannels !== undefined && (audio.channels ?? 0) > recipe.maxChannels
    ? ['-ac', String(recipe.maxChannels)]
    : [];
}

/** FLAC of a 24-bit source stays 24-bit; everything else (lossy sources included) becomes 16-bit. */
function sampleArgs(target: string, audio: MediaStream): string[] {
  return target === 'flac' && (audio.bitsPerRawSample ?? 16) <= 16 ? ['-sample_fmt', 's16'] : [];
}

/** What one conversion writes and what its output must show. */
interface Job {
  args: string[];
  /** Seconds the output must last (±0.5 s): the input's, or that of the stream it keeps. */
  durationSec: number;
  /** Output stream kinds required. */
  video: boolean;
  audio: boolean;
  /** Picture size the output must have, when known in advance. */
  size?: { width: number; height: number };
}

/** Upright size (ffmpeg turns rotated video upright while converting), cut to even sides when the codec needs it. */
function outputSize(video: MediaStream, even: boolean): { width: number; height: number } {
  const turned = video.rotation === 90 || video.rotation === 270;
  const width = (turned ? video.height : video.width) ?? 0;
  const height = (turned ? video.width : video.height) ?? 0;
  return even ? { width: width - (width % 2), height: height - (height % 2) } : { width, height };
}

/** How long an output keeping `kept` should last: the longest of those streams, or the container's length when one of them does not say. */
function keptDuration(
  info: MediaInfo,
  durations: ReadonlyMap<number, number>,
  kept: ReadonlyArray<MediaStream | undefined>,
): number {
  const known = kept.flatMap((s) => (s ? [durations.get(s.index)] : []));
  return known.length > 0 && known.every((d) => d !== undefined) ? Math.max(...(known as number[])) : info.durationSec;
}

async function planJob(
  input: string,
  type: DetectedType,
  info: MediaInfo,
  target: string,
  out: string,
  runner: FfmpegRunner,
): Promise<Job> {
  const video = mainVideoStream(info);
  const audio = mainAudioStream(info);
  const durations = await streamDurations(runner, input);
  const common = ['-map_metadata', '0', '-max_muxing_queue_size', '4096'];
  if (target === 'gif') {
    if (!video) throw new EngineError('invalid-input', 'This file has no picture to make a GIF from');
    if (info.durationSec > GIF_MAX_SECONDS)
      throw new EngineError('unsupported', `GIF is only made from clips of up to ${GIF_MAX_SECONDS} seconds`);
    return {
      args: [
        '-i',
        input,
        '-filter_complex',
        gifFilter(video.index),
        '-map',
        '[gif]',
        '-an',
        '-sn',
        '-dn',
        '-loop',
        '0',
        '-f',
        'gif',
        '-y',
        out,
      ],
      durationSec: keptDuration(info, durations, [video]),
      video: true,
      audio: false,
    };
  }
  const videoRecipe = VIDEO_RECIPES[target];
  if (videoRecipe) {
    if (!video && !audio) throw new EngineError('invalid-input', 'This file has no picture or sound that can be converted');
    const args = ['-i', input];
    if (video) {
      args.push('-map', `0:${video.index}`, ...videoRecipe.video);
      if (videoRecipe.evenSize) args.push('-vf', 'crop=trunc(iw/2)*2:trunc(ih/2)*2:0:0');
      if (videoRecipe.fixedRate) args.push('-r', fixedRate(video.fps));
    }
    if (audio) args.push('-map', `0:${audio.index}`, ...videoRecipe.audio.codec, ...channelArgs(videoRecipe.audio, audio));
    args.push('-sn', '-dn', ...common, ...videoRecipe.audio.mux, '-f', videoRecipe.audio.muxer, '-y', out);
    return {
      args,
      durationSec: keptDuration(info, durations, [video, audio]),
      video: video !== undefined,
      audio: audio !== undefined,
      size: video ? outputSize(video, videoRecipe.evenSize) : undefined,
    };
  }
  const audioRecipe = AUDIO_RECIPES[target];
  if (!audioRecipe) throw new EngineError('unsupported', `Media files cannot be converted to ${target.toUpperCase()}`);
  if (!audio) {
    throw new EngineError(
      'invalid-input',
      type.family === 'video' ? 'This video has no sound to extract' : 'This file has no sound to convert',
    );
  }
  return {
    args: [
      '-i',
      input,
      '-map',
      `0:${audio.index}`,
      '-vn',
      '-sn',
      '-dn',
      ...audioRecipe.codec,
      ...channelArgs(audioRecipe, audio),
      ...sampleArgs(target, audio),
      ...common,
      ...audioRecipe.mux,
      '-f',
      audioRecipe.muxer,
      '-y',
      out,
    ],
    durationSec: keptDuration(info, durations, [audio]),
    video: false,
    audio: true,
  };
}

function notVerified(target: string, reason: string, cause?: unknown): EngineError {
  return new EngineError('failed', `The converted ${LABEL[target] ?? target} file did not pass its check: ${reason}`, undefined, {
    cause,
  });
}

/** Probes the output: the streams the job promised, its duration, and (GIF) frames that really are there. */
async function verify(runner: FfmpegRunner, out: string, target: string, job: Job): Promise<Record<string, number>> {
  let info: MediaInfo;
  let durationSec: number;
  try {
    info = await probeMedia(runner.runProcess, out, runner.signal);
    // Raw ADTS only guesses its duration from the bitrate: decode it to know.
    durationSec = info.durationEstimated ? await readableDuration(runner, out, 'decode', job.durationSec) : info.durationSec;
  } catch (err) {
    if (isEngineError(err, 'invalid-input')) throw notVerified(target, 'it cannot be read back', err);
    throw err;
  }
  const video = mainVideoStream(info);
  const hasAudio = info.streams.some((s) => s.type === 'audio');
  if (job.video && !video) throw notVerified(target, 'it has no picture');
  if (!job.video && video) throw notVerified(target, 'it holds a picture');
  if (job.audio && !hasAudio) throw notVerified(target, 'it has no sound');
  const checks: Record<string, number> = { durationSeconds: Math.round(durationSec * 1000) / 1000 };
  if (video) {
    checks.width = video.width ?? 0;
    checks.height = video.height ?? 0;
    if (job.size && (video.width !== job.size.width || video.height !== job.size.height || video.rotation !== 0)) {
      throw notVerified(
        target,
        `its picture is ${video.width} × ${video.height} (rotation ${video.rotation}) instead of ${job.size.width} × ${job.size.height}`,
      );
    }
  }
  if (target === 'gif') {
    const frames = await countVideoFrames(runner, out);
    if (frames === 0 || !(durationSec > 0)) throw notVerified(target, 'it has no frames');
    if ((video?.width ?? 0) > 480) throw notVerified(target, `it is ${video?.width} px wide`);
    return { ...checks, frames };
  }
  if (Math.abs(durationSec - job.durationSec) > CONVERT_DURATION_TOLERANCE_SEC) {
    throw notVerified(target, `it lasts ${durationSec.toFixed(2)} s instead of ${job.durationSec.toFixed(2)} s`);
  }
  return checks;
}

/**
 * Video between MP4, MOV, MKV (H.264 + AAC), WebM (VP9 + Opus) and AVI (MPEG-4 + MP3), from those and WMV and FLV;
 * short clips to GIF; the sound of a video to MP3, WAV or M4A; and audio between MP3, WAV, FLAC, AAC, Ogg Vorbis,
 * M4A and Opus. One ffmpeg run per conversion with the main picture and one sound track; the output is probed
 * again and must keep its streams and the input's duration (±0.5 s).
 */
export const mediaConverter: FamilyConverter = {
  id: 'media',
  targets(from) {
    if (VIDEO_INPUTS.includes(from)) return VIDEO_TARGETS.filter((t) => t !== from);
    if (AUDIO_INPUTS.includes(from)) return AUDIO_TARGETS.filter((t) => t !== from);
    return [];
  },
  tools: ['ffmpeg', 'ffprobe'],
  async convert(input: string, type: DetectedType, ctx: ConvertContext): Promise<ConverterOutput> {
    const { target } = ctx;
    assertConvertible(mediaConverter, type, target, LABEL);
    if (ctx.signal.aborted) throw new EngineError('cancelled', 'Cancelled');
    ctx.onProgress(0);
    const runner: FfmpegRunner = { runProcess: ctx.runProcess, signal: ctx.signal };
    const info = await probeMedia(ctx.runProcess, input, ctx.signal);
    if (type.family === 'video') budgetVideo(info, ctx.deadline);
    else budgetMedia('audio', info.durationSec, ctx.deadline);
    const out = path.join(ctx.workDir, `converted.${target}`);
    const job = await planJob(input, type, info, target, out, runner);
    ctx.onProgress(1);
    let last = 1;
    const { outTimeSec, errors } = await runFfmpeg(runner, job.args, {
      durationSec: job.durationSec,
      onFraction: (f) => {
        const percent = Math.min(95, Math.round(1 + f * 94));
        if (percent > last) {
          last = percent;
          ctx.onProgress(percent);
        }
      },
      readsUserInput: true,
      timeoutMs: ffmpegTimeoutMs(info.durationSec),
    });
    if (reportsDamage(errors)) {
      throw new EngineError(
        'invalid-input',
        'The media file is damaged or truncated and could not be read to the end',
        errors.slice(-5).join('\n'),
      );
    }
    // ffmpeg stops quietly where a cut-off file ends: an output well short of the declared length means a damaged input.
    assertNotTruncated(job.durationSec, outTimeSec, info.durationEstimated);
    // A duration guessed from the bitrate (raw MP3 or AAC) is replaced by what was really decoded.
    if (info.durationEstimated) job.durationSec = outTimeSec;
    ctx.onProgress(96);
    const checks = await verify(runner, out, target, job);
    ctx.onProgress(99);
    return { path: out, format: target, checks };
  },
};
