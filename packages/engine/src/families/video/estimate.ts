import { stat } from 'node:fs/promises';
import path from 'node:path';
import { EngineError } from '../../errors.js';
import { type FfmpegRunner, ffmpegTimeoutMs, runFfmpeg } from '../../tools/media/ffmpeg.js';
import { budgetVideo } from '../../tools/media/media-budget.js';
import { fillAudioBitrates, type MediaInfo, mainVideoStream, probeMedia } from '../../tools/media/probe.js';
import { orderedSizes, spreadSegments, throwIfCancelled } from '../../tools/media/sample.js';
import type { CompressContext, CompressionLevel, DetectedType } from '../../types.js';
import { planAudio } from './audio-plan.js';
import { decoderArgs, MUXER, pickPixFmt, speedClass, VIDEO_CODECS } from './codecs.js';
import { forOutputStream } from './encode.js';

const LEVELS: readonly CompressionLevel[] = ['light', 'balanced', 'maximum'];
/** The picture is sampled on this many evenly spread segments of this length: a few seconds of encoding in all. */
const SAMPLES = 3;
const SAMPLE_SEC = 2;

/** Bytes of one stream over the file, from its (stated or measured) bitrate. */
const streamBytes = (info: MediaInfo, bitRate: number | undefined) => ((bitRate ?? 0) * info.durationSec) / 8;

/**
 * Expected size per level without encoding the whole file: the main picture's few spread segments are encoded
 * at the knob value each level's quality search most often ends on, their bytes per second extrapolated over the
 * duration; audio follows the family's audio plan (its bitrate, or the source track when copied); every other
 * stream and the container keep the bytes they take in the source.
 */
export async function estimateVideo(
  input: string,
  type: DetectedType,
  ctx: Omit<CompressContext, 'level'>,
): Promise<Record<CompressionLevel, number>> {
  const runner: FfmpegRunner = { runProcess: ctx.runProcess, signal: ctx.signal };
  const container = type.ext;
  const codec = VIDEO_CODECS[container];
  if (!codec) throw new EngineError('unsupported', `${container.toUpperCase()} video cannot be compressed`);
  const fileSize = (await stat(input)).size;
  const same = (n: number) => ({ light: n, balanced: n, maximum: n });
  const info = await probeMedia(ctx.runProcess, input, ctx.signal);
  budgetVideo(info, undefined);
  const durationSec = info.durationSec;
  if (!(durationSec > 0)) return same(fileSize);
  throwIfCancelled(ctx.signal);
  await fillAudioBitrates(ctx.runProcess, input, info, ctx.signal);
  throwIfCancelled(ctx.signal);

  const video = mainVideoStream(info);
  const pixFmt = video && pickPixFmt(codec, video);
  const audioStreams = info.streams.filter((s) => s.type === 'audio');
  const sourceAudio = audioStreams.reduce((sum, s) => sum + streamBytes(info, s.bitRate), 0);
  const sourceVideo = video?.bitRate
    ? streamBytes(info, video.bitRate)
    : Math.max(
        0,
        fileSize -
          sourceAudio -
          info.streams
            .filter((s) => s.type !== 'audio' && s.index !== video?.index)
            .reduce((sum, s) => sum + streamBytes(info, s.bitRate), 0),
      );
  // Subtitles, covers, attachments and container overhead are copied as they are.
  const rest = Math.max(0, fileSize - sourceVideo - sourceAudio);
  const audioAt = (level: CompressionLevel) =>
    audioStreams.reduce((sum, s) => {
      const plan = planAudio(s, container, level);
      return sum + (plan.encode ? (plan.encode.kbps * 1000 * durationSec) / 8 : streamBytes(info, s.bitRate));
    }, 0);

  // 10-bit/HDR pictures are kept as they are, so is a file without a picture to re-encode.
  if (!video || !pixFmt) return orderedSizes(same(fileSize), fileSize);

  const { starts, segmentSec } = spreadSegments(durationSec, SAMPLES, SAMPLE_SEC);
  const sampledSec = starts.length * segmentSec;
  const speed = speedClass((video.width ?? 0) * (video.height ?? 0) * (video.fps ?? 25) * durationSec);
  const inputArgs = [...decoderArgs(video), '-noautorotate'];
  const bytesPerSec = new Map<number, number>();
  const sizes = {} as Record<CompressionLevel, number>;
  for (const level of LEVELS) {
    const value = codec.levels[level].typical;
    if (!bytesPerSec.has(value)) {
      throwIfCancelled(ctx.signal);
      const out = path.join(ctx.workDir, `estimate-${value}.${container}`);
      const encoder = [...forOutputStream(codec.args(value, speed, video), 0), '-pix_fmt:0', pixFmt];
      const args =
        starts.length === 1
          ? [...inputArgs, '-t', segmentSec.toFixed(3), '-i', input, '-map', `0:${video.index}`]
          : [
              ...starts.flatMap((start) => [...inputArgs, '-ss', start.toFixed(3), '-t', segmentSec.toFixed(3), '-i', input]),
              '-filter_complex',
              `${starts.map((_, k) => `[${k}:${video.index}]`).join('')}concat=n=${starts.length}:v=1:a=0[v]`,
              '-map',
              '[v]',
            ];
      await runFfmpeg(runner, [...args, ...encoder, '-an', '-sn', '-dn', '-f', MUXER[container] ?? container, '-y', out], {
        durationSec: sampledSec,
        readsUserInput: true,
        timeoutMs: ffmpegTimeoutMs(sampledSec),
      });
      bytesPerSec.set(value, (await stat(out)).size / sampledSec);
    }
    sizes[level] = (bytesPerSec.get(value) ?? 0) * durationSec + audioAt(level) + rest;
  }
  return orderedSizes(sizes, fileSize);
}
