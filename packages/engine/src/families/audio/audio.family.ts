import { stat } from 'node:fs/promises';
import path from 'node:path';
import { EngineError } from '../../errors.js';
import type { CompressContext, CompressionLevel, DetectedType, FamilyCompressor, FamilyOutput } from '../../types.js';
import { type FfmpegRunner, assertNotTruncated, decodedAudioMd5, ffmpegTimeoutMs, readableDuration, runFfmpeg } from '../media/ffmpeg.js';
import { budgetMedia } from '../../budget.js';
import { type MediaInfo, type MediaStream, fillAudioBitrates, probeMedia } from '../media/probe.js';
import { orderedSizes, spreadSegments, throwIfCancelled } from '../media/sample.js';
import { verifyMediaOutput } from '../media/verify.js';
import { type AudioRecipe, LOSSLESS_ARGS, levelKbps, recipeFor } from './recipes.js';

/** A lossy re-encode must save at least 10 % of the bits to be worth a generation of loss. */
const MIN_GAIN = 0.9;

const phase = (ctx: CompressContext, from: number, to: number) => (f: number) => ctx.onProgress(from + (to - from) * f);

function keep(input: string, type: DetectedType, recipe: string, note: string): FamilyOutput {
  return { path: input, format: type.ext, recipe, notes: [note] };
}

/** Encoder arguments for the recipe, or a reason to keep the original. */
function encodeArgs(recipe: Exclude<AudioRecipe, { kind: 'keep' }>, audio: MediaStream, info: MediaInfo, level: CompressContext['level']): { args: string[]; label: string } | { keep: string; label: string } {
  if (recipe.kind === 'lossless') return { args: [...LOSSLESS_ARGS], label: recipe.label };
  const kbps = levelKbps(recipe, audio, level);
  const label = `${recipe.label} ${kbps}k`;
  const sourceBps = audio.bitRate ?? info.bitRate;
  if (sourceBps && kbps * 1000 >= sourceBps * MIN_GAIN) {
    return { keep: `The audio is already ${Math.round(sourceBps / 1000)} kb/s: re-encoding it at ${kbps} kb/s would not make it smaller`, label };
  }
  return { args: ['-c:a', recipe.encoder, '-b:a', `${kbps}k`, ...recipe.extra], label: sourceBps ? `${label} (from ${Math.round(sourceBps / 1000)}k)` : label };
}

async function compressAudio(input: string, type: DetectedType, ctx: CompressContext): Promise<FamilyOutput> {
  const runner: FfmpegRunner = { runProcess: ctx.runProcess, signal: ctx.signal };
  const info = await probeMedia(ctx.runProcess, input, ctx.signal);
  budgetMedia('audio', info.durationSec, ctx.deadline);
  const audio = info.streams.find((s) => s.type === 'audio');
  if (!audio) throw new EngineError('invalid-input', 'The file holds no audio that can be read');
  // Decoding everything once (cheap for audio) finds damaged frames (-xerror) and files cut short.
  const decodedSec = await readableDuration(runner, input, 'decode', info.durationSec, phase(ctx, 0, 15));
  assertNotTruncated(info.durationSec, decodedSec, info.durationEstimated);

  const recipe = recipeFor(type.ext, audio);
  if (recipe.kind === 'keep') return keep(input, type, 're-encoding', recipe.why);
  await fillAudioBitrates(ctx.runProcess, input, info, ctx.signal, { measureAll: true });
  const plan = encodeArgs(recipe, audio, info, ctx.level);
  if ('keep' in plan) return keep(input, type, plan.label, plan.keep);

  const hasCover = info.streams.some((s) => s.type === 'video');
  const carryCover = hasCover && recipe.coverArt;
  const out = path.join(ctx.workDir, `audio-out.${recipe.format}`);
  await runFfmpeg(runner, [
    '-i', input, '-map', '0:a', ...(carryCover ? ['-map', '0:v', '-c:v', 'copy', '-disposition:v', 'attached_pic'] : []),
    ...plan.args, '-map_metadata', '0', '-f', recipe.muxer, '-y', out,
  ], { durationSec: decodedSec, onFraction: phase(ctx, 15, 80), readsUserInput: true });

  // Check: it decodes in full, lasts as long (±0.2 s), keeps every audio track (and the cover where it fits);
  // lossless recipes must give back exactly the same samples.
  const outSec = await readableDuration(runner, out, 'decode', decodedSec, phase(ctx, 80, 90));
  const check = await verifyMediaOutput(runner, info, out, { durationSec: decodedSec, measuredOutputSec: outSec, kinds: carryCover ? ['audio', 'video'] : ['audio'] });
  if (!check.ok) return keep(input, type, plan.label, `The re-encoded file failed its check (${check.reason}), so the original is kept`);
  const notes = hasCover && !carryCover ? ['The cover picture could not be kept in this format'] : [];
  if (recipe.kind === 'lossless') {
    const [a, b] = await Promise.all([decodedAudioMd5(runner, input, decodedSec), decodedAudioMd5(runner, out, decodedSec)]);
    if (a !== b) return keep(input, type, plan.label, 'The FLAC output did not decode to the same samples, so the original is kept');
  }
  ctx.onProgress(99);
  const size = (await stat(out)).size;
  const kbps = Math.round((size * 8) / decodedSec / 1000);
  const recipeText = recipe.kind === 'lossless' ? `${plan.label} (samples verified identical)` : plan.label;
  return { path: out, format: recipe.format, recipe: recipeText, metrics: { kbps }, notes };
}

/** Lossless estimates encode this many spread segments of this length, then extrapolate by duration. */
const FLAC_SAMPLES = 3;
const FLAC_SAMPLE_SEC = 5;
/** Framing a lossy muxer adds around the coded audio (frame/page headers, index), as a share of it. */
const LOSSY_FRAMING = 1.01;

/**
 * Expected size per level without encoding the whole file: lossy recipes are their level bitrate × duration
 * (the original when the input's own bitrate is already as low, as compress decides), lossless ones encode a few
 * short spread segments at the family's FLAC settings and extrapolate their bytes per second.
 */
async function estimateAudio(input: string, type: DetectedType, ctx: Omit<CompressContext, 'level'>): Promise<Record<CompressionLevel, number>> {
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
  const coverBytes = info.streams.filter((s) => s.type === 'video').length > 0 && recipe.coverArt && audio.bitRate
    ? Math.max(0, fileSize - (audio.bitRate * durationSec) / 8)
    : 0;

  if (recipe.kind === 'lossless') {
    const { starts, segmentSec } = spreadSegments(durationSec, FLAC_SAMPLES, FLAC_SAMPLE_SEC);
    let bytes = 0;
    for (const [k, start] of starts.entries()) {
      throwIfCancelled(ctx.signal);
      const out = path.join(ctx.workDir, `estimate-${k}.${recipe.format}`);
      await runFfmpeg(runner, [
        '-ss', start.toFixed(3), '-t', segmentSec.toFixed(3), '-i', input, '-map', '0:a', ...LOSSLESS_ARGS, '-f', recipe.muxer, '-y', out,
      ], { durationSec: segmentSec, readsUserInput: true, timeoutMs: ffmpegTimeoutMs(segmentSec) });
      bytes += (await stat(out)).size;
    }
    const sampledSec = starts.length * segmentSec;
    return orderedSizes(same((bytes * durationSec) / sampledSec + coverBytes), fileSize);
  }

  // Vorbis and Opus headers state a nominal bitrate: the file's own average (size ÷ duration) is closer to the truth.
  const sourceBps = recipe.encoder === 'libvorbis' || recipe.encoder === 'libopus' ? (info.bitRate ?? audio.bitRate) : (audio.bitRate ?? info.bitRate);
  const sizeAt = (level: CompressionLevel): number => {
    const kbps = levelKbps(recipe, audio, level);
    if (sourceBps && kbps * 1000 >= sourceBps * MIN_GAIN) return fileSize;
    return Math.round(((kbps * 1000 * durationSec) / 8) * LOSSY_FRAMING + coverBytes);
  };
  return orderedSizes({ light: sizeAt('light'), balanced: sizeAt('balanced'), maximum: sizeAt('maximum') }, fileSize);
}

/** Audio: re-encoded in its own format at a bitrate per level (never above its own), FLAC at the top level, WAV → FLAC. */
export const audioFamily: FamilyCompressor = {
  family: 'audio',
  formats: ['mp3', 'aac', 'm4a', 'ogg', 'opus', 'flac', 'wav'],
  tools: ['ffmpeg', 'ffprobe'],
  compress: compressAudio,
  estimate: estimateAudio,
};
