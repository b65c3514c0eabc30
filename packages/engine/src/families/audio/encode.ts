import { readFile, stat } from 'node:fs/promises';
import { WORK_BUDGETS } from '../../budget.js';
import { EngineError } from '../../errors.js';
import { type FfmpegRunner, ffmpegTimeoutMs, reportsDamage, runFfmpeg, runFfmpegInBudget } from '../../tools/media/ffmpeg.js';
import { type MediaInfo, probeMedia, streamCounts } from '../../tools/media/probe.js';
import { DURATION_TOLERANCE_SEC } from '../../tools/media/verify.js';
import type { FamilyOutput } from '../../types.js';
import { BITEXACT_ARGS } from './plan.js';
import type { AudioRecipe } from './recipes.js';
import type { AudioSource } from './source.js';

export type EncodingRecipe = Exclude<AudioRecipe, { kind: 'keep' }>;

/** One encode: the recipe and its arguments for a level. Two encodes with the same key write the same bytes. */
export interface Encode {
  recipe: EncodingRecipe;
  args: readonly string[];
  label: string;
  /** The bitrate asked of a lossy encoder, kb/s (the output's `metrics.setting`). */
  kbps?: number;
}

export const encodeKey = (e: Encode): string => `${e.recipe.muxer} ${e.recipe.format} ${e.recipe.kind} ${e.args.join(' ')}`;

/** An encode's files: the output, and for lossless recipes the hashes of the decoded input and output samples. */
export interface Encoded {
  encode: Encode;
  out: string;
  md5s?: { input: string; output: string };
}

/** The longest audio accepted: what an encode started before the probe may have to cover. */
export const LONGEST_SEC = WORK_BUDGETS.audio.maxDurationSec ?? 12 * 3600;

/** The decoded audio of every audio stream as 32-bit PCM, hashed: equal hashes prove a lossless conversion kept every sample. */
const md5Output = (file: string) => ['-c:a', 'pcm_s32le', '-f', 'md5', '-y', file];

async function readMd5(file: string): Promise<string> {
  const match = /MD5=([0-9a-f]{32})/.exec(await readFile(file, 'utf8'));
  if (!match?.[1]) throw new EngineError('failed', 'Could not check the decoded audio');
  return match[1];
}

/**
 * Encodes the input to `stem`.FORMAT; lossless recipes also hash the decoded input samples in the same run (one
 * decode for both). A cover picture is carried where the format keeps one (`0:v?`: when there is one), so the
 * arguments do not depend on the probe. `durationSec` (when known) sets the time limit; `onOutTime` gets the
 * seconds written so far. The input's strict decode check runs beside the encode (see the family), so a damaged
 * file fails as 'invalid-input' there; a failure here that the check does not explain is ours.
 */
export async function runEncode(
  runner: FfmpegRunner,
  input: string,
  encode: Encode,
  stem: string,
  progress: { durationSec?: number; onOutTime: (seconds: number) => void },
): Promise<Encoded> {
  const { recipe } = encode;
  const out = `${stem}.${recipe.format}`;
  const md5s = recipe.kind === 'lossless' ? { input: `${stem}.in.md5`, output: `${stem}.out.md5` } : undefined;
  const scale = progress.durationSec ?? LONGEST_SEC;
  await runFfmpegInBudget(
    runner,
    [
      '-i',
      input,
      '-map',
      '0:a',
      ...(recipe.coverArt ? ['-map', '0:v?', '-c:v', 'copy', '-disposition:v', 'attached_pic'] : []),
      ...encode.args,
      '-map_metadata',
      '0',
      ...BITEXACT_ARGS,
      '-f',
      recipe.muxer,
      '-y',
      out,
      ...(md5s ? ['-map', '0:a', ...md5Output(md5s.input)] : []),
    ],
    { durationSec: scale, onFraction: (f) => progress.onOutTime(f * scale), readsUserInput: true },
  );
  return { encode, out, md5s };
}

type Check = { ok: true; seconds: number } | { ok: false; note: string };

const failed = (reason: string): Check => ({
  ok: false,
  note: `The re-encoded file failed its check (${reason}), so the original is kept`,
});

/**
 * Reads the output back, two processes at once: ffmpeg decodes all of it (and hashes the samples of a lossless
 * output) while ffprobe lists its streams. It must decode in full, last as long as the input (±0.2 s), keep every
 * audio track (and the cover where the format keeps it) and, when lossless, give back exactly the input's samples.
 */
async function check(
  runner: FfmpegRunner,
  encoded: Encoded,
  source: AudioSource,
  expectedSec: number,
  kinds: MediaInfo['streams'][number]['type'][],
): Promise<Check> {
  const { out, md5s } = encoded;
  const [decoded, probed] = await Promise.all([
    runFfmpeg(runner, ['-xerror', '-i', out, '-map', '0:a', ...(md5s ? md5Output(md5s.output) : ['-f', 'null', '-'])], {
      timeoutMs: ffmpegTimeoutMs(expectedSec, 2),
    }).then(
      (r) => (reportsDamage(r.errors) ? undefined : r.outTimeSec),
      (err: unknown) => {
        if (err instanceof EngineError && err.kind === 'failed') return undefined;
        throw err;
      },
    ),
    probeMedia(runner.runProcess, out, runner.signal).catch((err: unknown) => {
      if (err instanceof EngineError && err.kind === 'invalid-input') return undefined;
      throw err;
    }),
  ]);
  if (decoded === undefined || !probed) return failed('the output could not be read back');
  if (Math.abs(decoded - expectedSec) > DURATION_TOLERANCE_SEC)
    return failed(`the output lasts ${decoded.toFixed(2)} s instead of ${expectedSec.toFixed(2)} s`);
  const want = streamCounts(source.info, kinds);
  const got = streamCounts(probed, kinds);
  for (const kind of kinds)
    if (want[kind] !== got[kind]) return failed(`the output has ${got[kind]} ${kind} streams instead of ${want[kind]}`);
  if (md5s && (await readMd5(md5s.input)) !== (await readMd5(md5s.output))) {
    return { ok: false, note: 'The FLAC output did not decode to the same samples, so the original is kept' };
  }
  return { ok: true, seconds: decoded };
}

/**
 * The level's answer from an encode: the output once it passes its check (against the input's decoded length),
 * or the original, with the reason, when it does not.
 */
export async function checkedOutput(
  runner: FfmpegRunner,
  encoded: Encoded,
  source: AudioSource,
  decodedSec: Promise<number>,
  original: { path: string; format: string },
): Promise<FamilyOutput> {
  const { recipe, label } = encoded.encode;
  const hasCover = source.info.streams.some((s) => s.type === 'video');
  const carryCover = hasCover && recipe.coverArt;
  const result = await check(runner, encoded, source, await decodedSec, carryCover ? ['audio', 'video'] : ['audio']);
  if (!result.ok) return { path: original.path, format: original.format, recipe: label, notes: [result.note] };
  const notes = hasCover && !carryCover ? ['The cover picture could not be kept in this format'] : [];
  const size = (await stat(encoded.out)).size;
  const kbps = Math.round((size * 8) / result.seconds / 1000);
  const asked = encoded.encode.kbps;
  const recipeText = recipe.kind === 'lossless' ? `${label} (samples verified identical)` : label;
  // A lossless encode decodes to the same samples (checked above); a lossy one keeps its level's bitrate floor,
  // which is not a measure on SSIM's scale.
  const score = recipe.kind === 'lossless' ? 1 : null;
  return {
    path: encoded.out,
    format: recipe.format,
    recipe: recipeText,
    metrics: { kbps, ...(asked ? { setting: asked } : {}) },
    score,
    notes,
  };
}
