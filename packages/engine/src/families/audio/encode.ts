import { readFile, stat } from 'node:fs/promises';
import { EngineError } from '../../errors.js';
import type { FamilyOutput } from '../../types.js';
import { type FfmpegRunner, ffmpegTimeoutMs, reportsDamage, runFfmpeg } from '../media/ffmpeg.js';
import { type MediaInfo, probeMedia, streamCounts } from '../media/probe.js';
import { DURATION_TOLERANCE_SEC } from '../media/verify.js';
import { BITEXACT_ARGS } from './plan.js';
import type { AudioRecipe } from './recipes.js';
import type { AudioSource } from './source.js';

/** One encode to run: the recipe, its arguments for the level, and where the output goes. */
export interface EncodeJob {
  input: string;
  /** The input's format, for a kept original. */
  inputExt: string;
  source: AudioSource;
  recipe: Exclude<AudioRecipe, { kind: 'keep' }>;
  args: readonly string[];
  label: string;
  /** Output path without extension; the recipe's format is added. */
  stem: string;
  /** Seconds of audio the input decodes to (its strict decode check, running beside the encode). */
  decodedSec: Promise<number>;
  onFraction: (fraction: number) => void;
}

/** The decoded audio of every audio stream as 32-bit PCM, hashed: equal hashes prove a lossless conversion kept every sample. */
const md5Output = (file: string) => ['-c:a', 'pcm_s32le', '-f', 'md5', '-y', file];

async function readMd5(file: string): Promise<string> {
  const match = /MD5=([0-9a-f]{32})/.exec(await readFile(file, 'utf8'));
  if (!match?.[1]) throw new EngineError('failed', 'Could not check the decoded audio');
  return match[1];
}

/**
 * Encodes the input; lossless recipes also hash the decoded input samples in the same run (one decode for both).
 * The input's strict decode check runs beside it (see the family), so a damaged file fails as 'invalid-input'
 * there; a failure here that the check does not explain is ours.
 */
async function encode(runner: FfmpegRunner, job: EncodeJob, out: string, inputMd5: string | undefined, carryCover: boolean): Promise<void> {
  const { input, source, recipe } = job;
  await runFfmpeg(runner, [
    '-i', input, '-map', '0:a', ...(carryCover ? ['-map', '0:v', '-c:v', 'copy', '-disposition:v', 'attached_pic'] : []),
    ...job.args, '-map_metadata', '0', ...BITEXACT_ARGS, '-f', recipe.muxer, '-y', out,
    ...(inputMd5 ? ['-map', '0:a', ...md5Output(inputMd5)] : []),
  ], { durationSec: source.info.durationSec, onFraction: job.onFraction, readsUserInput: true });
}

type Check = { ok: true; seconds: number } | { ok: false; note: string };

const failed = (reason: string): Check => ({ ok: false, note: `The re-encoded file failed its check (${reason}), so the original is kept` });

/**
 * Reads the output back, two processes at once: ffmpeg decodes all of it (and hashes the samples of a lossless
 * output) while ffprobe lists its streams. It must decode in full, last as long as the input (±0.2 s), keep every
 * audio track (and the cover where the format keeps it) and, when lossless, give back exactly the input's samples.
 */
async function check(runner: FfmpegRunner, job: EncodeJob, out: string, kinds: MediaInfo['streams'][number]['type'][], md5s?: { input: string; output: string }): Promise<Check> {
  const { info } = job.source;
  const expectedSec = await job.decodedSec;
  const [decoded, probed] = await Promise.all([
    runFfmpeg(runner, ['-xerror', '-i', out, '-map', '0:a', ...(md5s ? md5Output(md5s.output) : ['-f', 'null', '-'])], { timeoutMs: ffmpegTimeoutMs(expectedSec, 2) })
      .then((r) => (reportsDamage(r.errors) ? undefined : r.outTimeSec), (err: unknown) => {
        if (err instanceof EngineError && err.kind === 'failed') return undefined;
        throw err;
      }),
    probeMedia(runner.runProcess, out, runner.signal).catch((err: unknown) => {
      if (err instanceof EngineError && err.kind === 'invalid-input') return undefined;
      throw err;
    }),
  ]);
  if (decoded === undefined || !probed) return failed('the output could not be read back');
  if (Math.abs(decoded - expectedSec) > DURATION_TOLERANCE_SEC) return failed(`the output lasts ${decoded.toFixed(2)} s instead of ${expectedSec.toFixed(2)} s`);
  const want = streamCounts(info, kinds);
  const got = streamCounts(probed, kinds);
  for (const kind of kinds) if (want[kind] !== got[kind]) return failed(`the output has ${got[kind]} ${kind} streams instead of ${want[kind]}`);
  if (md5s && (await readMd5(md5s.input)) !== (await readMd5(md5s.output))) {
    return { ok: false, note: 'The FLAC output did not decode to the same samples, so the original is kept' };
  }
  return { ok: true, seconds: decoded };
}

/**
 * One encode of a level's plan, checked. The original comes back (with the reason) when the output fails its
 * check; damage found in the input while encoding is 'invalid-input'.
 */
export async function encodeChecked(runner: FfmpegRunner, job: EncodeJob): Promise<FamilyOutput> {
  const { input, source, recipe, label, stem } = job;
  const hasCover = source.info.streams.some((s) => s.type === 'video');
  const carryCover = hasCover && recipe.coverArt;
  const out = `${stem}.${recipe.format}`;
  const md5s = recipe.kind === 'lossless' ? { input: `${stem}.in.md5`, output: `${stem}.out.md5` } : undefined;
  await encode(runner, job, out, md5s?.input, carryCover);
  const result = await check(runner, job, out, carryCover ? ['audio', 'video'] : ['audio'], md5s);
  if (!result.ok) return { path: input, format: job.inputExt, recipe: label, notes: [result.note] };
  const notes = hasCover && !carryCover ? ['The cover picture could not be kept in this format'] : [];
  const size = (await stat(out)).size;
  const kbps = Math.round((size * 8) / result.seconds / 1000);
  const recipeText = recipe.kind === 'lossless' ? `${label} (samples verified identical)` : label;
  return { path: out, format: recipe.format, recipe: recipeText, metrics: { kbps }, notes };
}
