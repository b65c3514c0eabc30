import { stat } from 'node:fs/promises';
import { EngineError } from '../../errors.js';
import { assertNotTruncated, type FfmpegRunner, readableDuration } from '../../tools/media/ffmpeg.js';
import { budgetVideo } from '../../tools/media/media-budget.js';
import { fillAudioBitrates, type MediaInfo, type MediaStream, mainVideoStream, probeMedia } from '../../tools/media/probe.js';
import type { DetectedType, LadderContext } from '../../types.js';
import { decoderArgs, pickPixFmt, type SpeedClass, speedClass, VIDEO_CODECS, type VideoCodec } from './codecs.js';
import { prepareClip, type SearchClip } from './encode.js';
import { type PictureCheck, type PictureSource, WINDOW_SEC } from './quality.js';
import { busiestSpans, placeSpans } from './segments.js';

/**
 * Files up to this many pixel-frames (720p at 30 fps for 10 s) are searched with whole encodes, the last trial being
 * the result, unless the shortest sample (3 spans) is under a third of them: a 20-s clip's trials then encode 6 s.
 */
const WHOLE_SEARCH_PIXEL_FRAMES = 300e6;
const MIN_SPANS = 3;
/** Outputs up to this long are checked on every frame; longer ones on their sampled spans. */
const WHOLE_CHECK_SEC = 180;

/** Pixel-frames of the sample a longer file's search encodes: ~3 % of it, bounded so each trial takes seconds. */
function sampleBudget(pixelFrames: number): number {
  return Math.min(600e6, Math.max(100e6, pixelFrames * 0.03));
}

/**
 * How a level's value is found and checked. `whole`: each trial encodes the whole file, every frame is compared,
 * and the trial at the chosen value is the result. `sample`: trials encode a lossless sample (the start, the
 * busiest spans, the end, spread spans), then the result is encoded once and checked on `check`.
 */
export type SearchPlan = { kind: 'whole' } | { kind: 'sample'; clip: SearchClip };

/** The picture to re-encode and how its quality is judged. */
export interface VideoPicture {
  video: MediaStream;
  pixFmt: string;
  speed: SpeedClass;
  /** The source's picture, as outputs are compared with it. */
  reference: PictureSource;
  search: SearchPlan;
  /** Which frames of an output are compared with the source. */
  check: PictureCheck;
}

/** Everything known about one file before its first trial; shared by every level of a ladder run. */
export interface VideoJob {
  input: string;
  type: DetectedType;
  container: string;
  codec: VideoCodec;
  info: MediaInfo;
  fileSize: number;
  runner: FfmpegRunner;
  workDir: string;
  /** The picture to re-encode; absent when there is none, or when it is kept as it is (`keptPicture` says why). */
  picture?: VideoPicture;
  keptPicture?: string;
  /** Throws EngineError('invalid-input') when the file holds less than it declares (read once, on first call). */
  assertReadable: () => Promise<void>;
  /** Throws EngineError('invalid-input') when the file cannot be decoded to its end (decoded once, on first call). */
  assertDecodable: () => Promise<void>;
}

/** Runs a check once, on its first call; later calls share its answer. */
function once(check: () => Promise<void>): () => Promise<void> {
  let result: Promise<void> | undefined;
  return () => {
    result ??= check();
    return result;
  };
}

/** Reads every packet once (no decoding), on the first call only: a truncated download reads shorter than it declares. */
function readabilityCheck(runner: FfmpegRunner, input: string, info: MediaInfo): () => Promise<void> {
  return once(() =>
    readableDuration(runner, input, 'demux', info.durationSec).then((readable) =>
      assertNotTruncated(info.durationSec, readable, info.durationEstimated),
    ),
  );
}

/**
 * Reads and checks a video once (probe, truncation, audio bitrates) and decides how its picture will be searched
 * and checked; a longer file's sample is cut here, from spans found by a scan of its packet sizes. A short file's
 * packets are not read beforehand: its first encode reads them all, and an output shorter than the source, or
 * ffmpeg's complaints while reading it, call the readability check then.
 */
export async function prepareVideo(input: string, type: DetectedType, ctx: LadderContext): Promise<VideoJob> {
  const runner: FfmpegRunner = { runProcess: ctx.runProcess, signal: ctx.signal };
  const container = type.ext;
  const codec = VIDEO_CODECS[container];
  if (!codec) throw new EngineError('unsupported', `${container.toUpperCase()} video cannot be compressed`);
  const info = await probeMedia(ctx.runProcess, input, ctx.signal);
  budgetVideo(info, ctx.deadline);
  const fileSize = (await stat(input)).size;
  const assertReadable = readabilityCheck(runner, input, info);
  // A cut AVI reports the length of what is left, but its header still counts every frame.
  const video = mainVideoStream(info);
  if (video?.declaredFrames && video.fps) assertNotTruncated(video.declaredFrames / video.fps, info.durationSec, false);
  await fillAudioBitrates(ctx.runProcess, input, info, ctx.signal);

  // Asked only after ffmpeg failed while reading the file: was it the file, or the encoder or muxer?
  const assertDecodable = once(async () => {
    await assertReadable();
    const readable = await readableDuration(runner, input, 'decode-all', info.durationSec);
    assertNotTruncated(info.durationSec, readable, info.durationEstimated);
  });
  const job: VideoJob = {
    input,
    type,
    container,
    codec,
    info,
    fileSize,
    runner,
    workDir: ctx.workDir,
    assertReadable,
    assertDecodable,
  };
  if (!video) return job;
  const pixFmt = pickPixFmt(codec, video);
  if (!pixFmt)
    return { ...job, keptPicture: '10-bit or HDR video is kept as it is: re-encoding it to 8-bit would lose colour depth' };

  const fps = video.fps ?? 25;
  const perSecond = (video.width ?? 1) * (video.height ?? 1) * fps;
  const pixelFrames = perSecond * info.durationSec;
  const perWindow = Math.max(1, Math.round(WINDOW_SEC * fps));
  const reference = { path: input, args: [...decoderArgs(video), '-noautorotate'], stream: `0:${video.index}` };
  const picture = { video, pixFmt, speed: speedClass(pixelFrames), reference };
  const smaller = pixelFrames <= WHOLE_SEARCH_PIXEL_FRAMES;
  if (smaller && MIN_SPANS * WINDOW_SEC * 3 > info.durationSec)
    return { ...job, picture: { ...picture, search: { kind: 'whole' }, check: { perWindow } } };

  // A long file is read whole before hours of encoding start, beside the scan of its packets.
  const [, busiest] = await Promise.all([assertReadable(), busiestSpans(runner, input, video, info.durationSec, WINDOW_SEC)]);
  const budgeted = Math.round(sampleBudget(pixelFrames) / perSecond / WINDOW_SEC);
  const count = smaller ? MIN_SPANS : Math.max(MIN_SPANS, Math.min(8, budgeted));
  const starts = placeSpans(info.durationSec, WINDOW_SEC, count, busiest);
  const clip = await prepareClip(runner, input, info, video, starts, WINDOW_SEC, ctx.workDir, (f) => ctx.onProgress(3 + 5 * f));
  // Frame numbers of the spans in the picture's own timeline (its first frame is frame 0).
  const offset = video.startTime - info.startTime;
  const spans = starts.map((start): [number, number] => {
    const first = Math.max(0, Math.round((start - offset) * fps));
    return [first, first + perWindow];
  });
  const check = info.durationSec <= WHOLE_CHECK_SEC ? { perWindow } : { perWindow, spans };
  return { ...job, picture: { ...picture, search: { kind: 'sample', clip }, check } };
}
