/** @internal Test helpers shared by the media families' and the converters' integration tests, and the hostile-file tests. */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { compress } from '../../compress.js';
import { detect } from '../../detect.js';
import { isEngineError } from '../../errors.js';
import { rejectionOf } from '../../errors.test-support.js';
import { type RunProcess, runProcess } from '../../process/run-process.js';
import { comparisonArgs, SSIM_FLOOR, VIDEO_SSIM_PLANES } from '../../quality/ssim.js';
import type { CompressionLevel, CompressResult, FamilyCompressor } from '../../types.js';
import { decodedAudioMd5, readableDuration } from './ffmpeg.js';
import { type MediaInfo, probeMedia } from './probe.js';

const exec = promisify(execFile);
export const LEVELS: readonly CompressionLevel[] = ['light', 'balanced', 'maximum'];

/** Makes a fixture with ffmpeg (lavfi sources), failing loudly when ffmpeg does. */
export async function ffmpeg(args: string[]): Promise<void> {
  await exec('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args], { maxBuffer: 16 * 1024 * 1024 });
}

/** Makes a fixture from one lavfi source (a test picture, a tone): `ffmpeg -f lavfi -i source args… file`. */
export const lavfi = (source: string, args: readonly string[], file: string): Promise<void> =>
  ffmpeg(['-f', 'lavfi', '-i', source, ...args, file]);

const signal = new AbortController().signal;
export const probe = (file: string): Promise<MediaInfo> => probeMedia(runProcess, file, signal);

/** Seconds of media that really decode (the raw ADTS container only guesses its duration). */
export const decodedSeconds = (file: string, mode: 'decode' | 'demux' = 'demux'): Promise<number> =>
  readableDuration({ runProcess, signal }, file, mode, 60);

export const audioMd5 = (file: string): Promise<string> => decodedAudioMd5({ runProcess, signal }, file, 60);

export async function writeTruncated(file: string, out: string, share = 0.6): Promise<void> {
  const bytes = await readFile(file);
  await writeFile(out, bytes.subarray(0, Math.floor(bytes.length * share) + 1));
}

/** Keeps the first bytes (so the type is still detected), then garbage. */
export async function writeCorrupt(file: string, out: string, keep = 64): Promise<void> {
  const bytes = await readFile(file);
  const garbage = Buffer.alloc(Math.max(4096, bytes.length - keep));
  for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) % 251;
  await writeFile(out, Buffer.concat([bytes.subarray(0, keep), garbage]));
}

export async function expectInvalidInput(file: string, tmpDir: string): Promise<void> {
  const err = await rejectionOf(compress(file, { tmpDir }));
  expect(isEngineError(err, 'invalid-input'), `${path.basename(file)}: ${String(err)}`).toBe(true);
}

/**
 * A damaged copy of `file` is refused as invalid input: `corrupt` keeps its first `amount` bytes (64 by default) then
 * garbage, `cut` keeps only that share of it (0.6 by default).
 */
export async function expectDamagedRefused(file: string, tmpDir: string, damage: 'corrupt' | 'cut', amount?: number) {
  const damaged = path.join(tmpDir, `${damage}-${path.basename(file)}`);
  if (damage === 'corrupt') await writeCorrupt(file, damaged, amount);
  else await writeTruncated(file, damaged, amount);
  await expectInvalidInput(damaged, tmpDir);
}

export async function workFolders(tmpDir: string): Promise<string[]> {
  return (await readdir(tmpDir)).filter((n) => n.startsWith('shrinkly-work-'));
}

/**
 * Compresses `file` at `level` in a fresh folder under `dir` and cancels the call once its progress reaches
 * `abortAt`: what it rejected with (undefined if it finished), how long it ran, and the work folders it left behind.
 */
export async function compressCancelled(
  file: string,
  dir: string,
  level: CompressionLevel,
  abortAt: number,
): Promise<{ err: unknown; ms: number; leftovers: string[] }> {
  const tmp = await mkdtemp(path.join(dir, 'cancel-'));
  const controller = new AbortController();
  const started = Date.now();
  const err = await rejectionOf(
    compress(file, {
      level,
      tmpDir: tmp,
      signal: controller.signal,
      onProgress: (p) => {
        if (p >= abortAt) controller.abort();
      },
    }),
  );
  return { err, ms: Date.now() - started, leftovers: await workFolders(tmp) };
}

/** ffmpeg's codec options for a clip: `-c:v` and `-c:a`, each followed by the codec and its settings. */
export const codecArgs = (video: readonly string[], audio: readonly string[]): string[] => ['-c:v', ...video, '-c:a', ...audio];

export interface LadderOptions {
  /** Stream kinds whose counts must survive. */
  kinds: readonly MediaInfo['streams'][number]['type'][];
  /** Video: measure SSIM of each changed output against the original independently of the engine. */
  ssim?: boolean;
  /** Lossless outputs (FLAC): decoded samples must equal the original's. */
  lossless?: (format: string) => boolean;
  /** Duration from the container (video) or from decoding every sample (audio; raw ADTS only guesses). */
  durationBy: 'probe' | 'decode';
  /** Leave the outputs in place for further checks (the caller's temp folder removes them). */
  keepOutputs?: boolean;
  /** The levels made already (the corpus ladder, corpus-ladder.test-support.ts): checked, not compressed again, and kept. */
  made?: Record<CompressionLevel, CompressResult>;
}

/** ffmpeg comparing two videos' pictures as stored (no rotation applied) through `filter`. */
const compareArgs = (reference: string, distorted: string, filter: string): string[] =>
  comparisonArgs(reference, distorted, filter, { referenceArgs: ['-noautorotate'], distortedArgs: ['-noautorotate'] });

/** SSIM with both pictures' timelines starting at zero (encoder priming shifts starts by a few ms); the raw pairing too when that falls short. */
async function independentSsim(reference: string, distorted: string, floor: number): Promise<number> {
  const run = async (align: string) => {
    const filter = `[0:v]${align}fps=2,format=${VIDEO_SSIM_PLANES}[r];[1:v]${align}fps=2,format=${VIDEO_SSIM_PLANES}[d];[d][r]ssim`;
    const { stderr } = await exec('ffmpeg', compareArgs(reference, distorted, filter), { maxBuffer: 64 * 1024 * 1024 });
    return Number(/All:([\d.]+)/.exec(stderr)?.[1] ?? 'NaN');
  };
  const aligned = await run('setpts=PTS-STARTPTS,');
  return aligned >= floor ? aligned : Math.max(aligned, await run(''));
}

/**
 * SSIM ("All", both pictures as 4:2:0 planes) of every frame of a video against its reference: a check of the engine's
 * own figure made independently of it. Frames are paired by their time from each picture's first frame, or by
 * their position (the n-th with the n-th: what a viewer sees when the output keeps every frame, as the engine's do,
 * while a source's irregular timestamps would pair neighbours by time).
 */
export async function frameSsimByTime(
  reference: string,
  distorted: string,
  pairBy: 'time' | 'position' = 'time',
): Promise<number[]> {
  const align = pairBy === 'time' ? 'setpts=PTS-STARTPTS' : 'setpts=N/TB';
  const dir = await mkdtemp(path.join(tmpdir(), 'frame-ssim-'));
  try {
    const filter = `[0:v:0]${align},format=${VIDEO_SSIM_PLANES}[r];[1:v:0]${align},format=${VIDEO_SSIM_PLANES}[d];[r][d]ssim=stats_file=stats.log`;
    await exec('ffmpeg', ['-v', 'error', ...compareArgs(reference, distorted, filter)], {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
    });
    const lines = (await readFile(path.join(dir, 'stats.log'), 'utf8')).trim().split('\n');
    return lines.map((line) => Number(/All:([\d.]+)/.exec(line)?.[1] ?? 'NaN'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const mean = (xs: readonly number[]): number => xs.reduce((sum, x) => sum + x, 0) / xs.length;

/**
 * Mean SSIM of each consecutive 2-s window of a video's per-frame figures at `fps` frames per second (a last window
 * shorter than a second counts with the one before): what the engine reports the worst of.
 */
export function windowMeans(figures: readonly number[], fps: number): number[] {
  const size = Math.max(1, Math.round(2 * fps));
  const count = Math.max(1, Math.round(figures.length / size));
  return Array.from({ length: count }, (_, k) =>
    mean(figures.slice(k * size, k === count - 1 ? figures.length : (k + 1) * size)),
  );
}

const count = (info: MediaInfo, kind: string) => info.streams.filter((s) => s.type === kind).length;

/**
 * Compresses a file at the three levels and checks the invariants independently of the engine: each output
 * decodes again with the original's duration (±0.2 s), stream counts and picture size; it is never larger;
 * lossy video keeps the level's SSIM floor; the sizes form the ladder maximum ≤ balanced ≤ light ≤ original.
 */
export async function checkLadder(
  file: string,
  tmpDir: string,
  options: LadderOptions,
): Promise<Record<CompressionLevel, CompressResult>> {
  const before = await probe(file);
  const seconds = async (f: string) =>
    options.durationBy === 'probe' ? (await probe(f)).durationSec : decodedSeconds(f, 'decode');
  const originalSeconds = await seconds(file);
  const results = {} as Record<CompressionLevel, CompressResult>;
  for (const level of LEVELS) {
    const r = options.made?.[level] ?? (await compress(file, { level, tmpDir }));
    results[level] = r;
    const name = `${path.basename(file)} ${level}`;
    expect(r.compressedSize, name).toBeLessThanOrEqual(r.originalSize);
    if (r.unchanged) {
      expect(r.output, name).toBe(file);
      continue;
    }
    expect(r.compressedSize, name).toBeLessThan(r.originalSize);
    const after = await probe(r.output);
    expect(Math.abs((await seconds(r.output)) - originalSeconds), `${name} duration`).toBeLessThanOrEqual(0.2);
    for (const kind of options.kinds) expect(count(after, kind), `${name} ${kind} streams`).toBe(count(before, kind));
    const v0 = before.streams.find((s) => s.type === 'video' && !s.attachedPic);
    const v1 = after.streams.find((s) => s.type === 'video' && !s.attachedPic);
    if (v0) expect([v1?.width, v1?.height, v1?.rotation], `${name} picture`).toEqual([v0.width, v0.height, v0.rotation]);
    if (options.ssim && v0) {
      expect(r.metrics.ssim, `${name} reported SSIM`).toBeGreaterThanOrEqual(SSIM_FLOOR[level]);
      // Measured again here, independently (frames paired by their place in each timeline); sampling may differ slightly.
      expect(await independentSsim(file, r.output, SSIM_FLOOR[level] - 0.005), `${name} SSIM`).toBeGreaterThanOrEqual(
        SSIM_FLOOR[level] - 0.005,
      );
    }
    if (options.lossless?.(r.format)) expect(await audioMd5(r.output), `${name} samples`).toBe(await audioMd5(file));
  }
  const size = (l: CompressionLevel) => results[l].compressedSize;
  expect(size('maximum'), `${path.basename(file)} ladder`).toBeLessThanOrEqual(size('balanced'));
  expect(size('balanced'), `${path.basename(file)} ladder`).toBeLessThanOrEqual(size('light'));
  if (!options.keepOutputs && !options.made)
    for (const level of LEVELS)
      if (!results[level].unchanged) await rm(path.dirname(results[level].output), { recursive: true, force: true });
  return results;
}

export function describeLadder(name: string, r: Record<CompressionLevel, CompressResult>): string {
  const part = (l: CompressionLevel) =>
    `${r[l].compressedSize}${r[l].metrics.ssim ? ` (SSIM ${r[l].metrics.ssim.toFixed(3)})` : ''}`;
  return `${name}: ${r.light.originalSize} → ${part('light')} / ${part('balanced')} / ${part('maximum')}`;
}

/**
 * Runs a family's `estimate` on `file` and compresses it for real at balanced: the estimate must be three whole
 * byte counts, ≤ the original, in level order, made with at most `maxRuns` ffmpeg runs, within 2× of the real size.
 */
export async function checkEstimate(
  family: FamilyCompressor,
  file: string,
  tmpDir: string,
  maxRuns: number,
): Promise<{ sizes: Record<CompressionLevel, number>; real: number; runs: number; ms: number }> {
  const type = await detect(file);
  const workDir = await mkdtemp(path.join(tmpDir, 'estimate-'));
  let runs = 0;
  const counting: RunProcess = (command, args, options) => {
    if (command === 'ffmpeg') runs++;
    return runProcess(command, args, options);
  };
  const started = Date.now();
  try {
    const sizes = await family.estimate!(file, type, { signal, onProgress: () => {}, workDir, runProcess: counting });
    const ms = Date.now() - started;
    const originalSize = (await stat(file)).size;
    for (const level of LEVELS) {
      expect(Number.isInteger(sizes[level]), level).toBe(true);
      expect(sizes[level], level).toBeGreaterThan(0);
      expect(sizes[level], level).toBeLessThanOrEqual(originalSize);
    }
    expect(sizes.balanced).toBeLessThanOrEqual(sizes.light);
    expect(sizes.maximum).toBeLessThanOrEqual(sizes.balanced);
    expect(runs).toBeLessThanOrEqual(maxRuns);
    const real = (await compress(file, { level: 'balanced', tmpDir })).compressedSize;
    expect(sizes.balanced / real).toBeLessThanOrEqual(2);
    expect(sizes.balanced / real).toBeGreaterThanOrEqual(0.5);
    return { sizes, real, runs, ms };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
