import { stat } from 'node:fs/promises';
import path from 'node:path';
import { budgetMedia } from '../../budget.js';
import { EngineError } from '../../errors.js';
import { mapLimited } from '../../tools/concurrent.js';
import { type FfmpegRunner, ffmpegTimeoutMs, runFfmpeg } from '../../tools/media/ffmpeg.js';
import { probeMedia } from '../../tools/media/probe.js';
import { orderedSizes, spreadSegments, throwIfCancelled } from '../../tools/media/sample.js';
import type { CompressContext, CompressionLevel, DetectedType } from '../../types.js';
import { MIN_GAIN } from './plan.js';
import { LOSSLESS_ARGS, levelKbps, recipeFor } from './recipes.js';

/** Lossless estimates encode this many spread segments of this length, then extrapolate by duration. */
const FLAC_SAMPLES = 3;
const FLAC_SAMPLE_SEC = 5;
/** Framing a lossy muxer adds around the coded audio (frame/page headers, index), as a share of it. */
const LOSSY_FRAMING = 1.01;

/**
 * Expected size per level without encoding the whole file: lossy recipes are their level bitrate × duration
 * (the original when the input's own bitrate is already as low, as compress decides), lossless ones encode a few
 * short spread segments at the family's FLAC settings (two at a time) and extrapolate their bytes per second.
 */
export async function estimateAudio(
  input: string,
  type: DetectedType,
  ctx: Omit<CompressContext, 'level'>,
): Promise<Record<CompressionLevel, number>> {
  const runner: FfmpegRunner = { runProcess: ctx.runProcess, signal: ctx.signal };
  const fileSize = (await stat(input)).size;
  const same = (n: number) => ({ light: n, balanced: n, maximum: n });
  const info = await probeMedia(ctx.runProcess, input, ctx.signal);
  budgetMedia('audio', info.durationSec, undefined);
  const audio = info.streams.find((s) => s.type === 'audio');
  if (!audio) throw new EngineError('invalid-input', 'The file holds no audio that can be read');
  const recipe = recipeFor(type.ext, audio);
  const durationSec = info.durationSec;
  if (recipe.kind === 'keep' || !(durationSec > 0)) return same(fileSize);
  throwIfCancelled(ctx.signal);
  // Bytes that are not the audio itself (cover picture, tags), carried over where the format keeps them.
  const coverBytes =
    info.streams.filter((s) => s.type === 'video').length > 0 && recipe.coverArt && audio.bitRate
      ? Math.max(0, fileSize - (audio.bitRate * durationSec) / 8)
      : 0;

  if (recipe.kind === 'lossless') {
    const { starts, segmentSec } = spreadSegments(durationSec, FLAC_SAMPLES, FLAC_SAMPLE_SEC);
    const sizes = await mapLimited(starts, 2, async (start, k) => {
      throwIfCancelled(ctx.signal);
      const out = path.join(ctx.workDir, `estimate-${k}.${recipe.format}`);
      await runFfmpeg(
        runner,
        [
          '-ss',
          start.toFixed(3),
          '-t',
          segmentSec.toFixed(3),
          '-i',
          input,
          '-map',
          '0:a',
          ...LOSSLESS_ARGS,
          '-f',
          recipe.muxer,
          '-y',
          out,
        ],
        { durationSec: segmentSec, readsUserInput: true, timeoutMs: ffmpegTimeoutMs(segmentSec) },
      );
      return (await stat(out)).size;
    });
    const bytes = sizes.reduce((a, b) => a + b, 0);
    const sampledSec = starts.length * segmentSec;
    return orderedSizes(same((bytes * durationSec) / sampledSec + coverBytes), fileSize);
  }

  // Vorbis and Opus headers state a nominal bitrate: the file's own average (size ÷ duration) is closer to the truth.
  const sourceBps =
    recipe.encoder === 'libvorbis' || recipe.encoder === 'libopus'
      ? (info.bitRate ?? audio.bitRate)
      : (audio.bitRate ?? info.bitRate);
  const sizeAt = (level: CompressionLevel): number => {
    const kbps = levelKbps(recipe, audio, level);
    if (sourceBps && kbps * 1000 >= sourceBps * MIN_GAIN) return fileSize;
    return Math.round(((kbps * 1000 * durationSec) / 8) * LOSSY_FRAMING + coverBytes);
  };
  return orderedSizes({ light: sizeAt('light'), balanced: sizeAt('balanced'), maximum: sizeAt('maximum') }, fileSize);
}
