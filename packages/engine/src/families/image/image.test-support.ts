/**
 * Helpers for the image family's integration tests: fixtures made at test time, and the checks every level's
 * result must pass. @internal — test-only.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { vi } from 'vitest';
import { compress } from '../../compress.js';
import { runProcess } from '../../process/run-process.js';
import { measureSsim, SSIM_FLOOR } from '../../quality/ssim.js';
import { framesShown, timingOf } from '../../tools/image/animation-timing.js';
import { rgbPixels } from '../../tools/image/rgb-pixels.test-support.js';
import type { CompressionLevel, CompressResult } from '../../types.js';
import { Measurer } from './measurer.js';
import { writePng } from './png/png-chunks.js';

export const LEVELS: readonly CompressionLevel[] = ['light', 'balanced', 'maximum'];

export async function ffmpeg(args: string[]): Promise<void> {
  await runProcess('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args]);
}

/** Raw RGB pixels that compress like a photo: smooth gradients, a soft wave and a little fine texture. */
export function photoLikePixels(width: number, height: number): Buffer {
  return rgbPixels(width, height, (x, y) => [
    (x * 255) / width + ((x * y) % 13),
    (y * 255) / height,
    128 + 100 * Math.sin(x / 17) * Math.cos(y / 23),
  ]);
}

/** One file of each format the family handles, made from ffmpeg's synthetic sources. */
export async function makeFixtures(dir: string): Promise<Record<string, string>> {
  const f = (name: string) => path.join(dir, name);
  // A fractal with smooth gradients and fine detail stands in for a photo; testsrc2 for a screenshot.
  await ffmpeg(['-f', 'lavfi', '-i', 'mandelbrot=size=640x480:end_pts=2', '-frames:v', '1', '-update', '1', f('photo.png')]);
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=480x360', '-frames:v', '1', '-update', '1', f('shot.png')]);
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=10', '-t', '1', f('anim.gif')]);
  await ffmpeg(['-i', f('shot.png'), f('shot.bmp')]);
  const photo = sharp(f('photo.png'));
  // Orientation 6 (stored sideways), a wide-gamut profile and a GPS position: all three must be handled.
  await sharp(f('photo.png'))
    .withIccProfile('p3')
    .withExif({ IFD0: { Make: 'ShrinklyTestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 30/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 95 })
    .toFile(f('photo.jpg'));
  await photo.clone().webp({ quality: 92 }).toFile(f('photo.webp'));
  await photo.clone().avif({ quality: 80 }).toFile(f('photo.avif'));
  await photo.clone().tiff({ compression: 'deflate' }).toFile(f('photo.tif'));
  const alphaMask = Buffer.alloc(640 * 480);
  for (let y = 0; y < 480; y++) for (let x = 0; x < 640; x++) alphaMask[y * 640 + x] = Math.min(255, (x * 255) / 400);
  await photo
    .clone()
    .removeAlpha()
    .joinChannel(alphaMask, { raw: { width: 640, height: 480, channels: 1 } })
    .png()
    .toFile(f('alpha.png'));
  await runProcess('heif-enc', ['-q', '70', '-o', f('photo.heic'), f('photo.png')]);
  return {
    'photo.jpg': f('photo.jpg'),
    'shot.png': f('shot.png'),
    'alpha.png': f('alpha.png'),
    'anim.gif': f('anim.gif'),
    'photo.webp': f('photo.webp'),
    'photo.heic': f('photo.heic'),
    'shot.bmp': f('shot.bmp'),
    'photo.tif': f('photo.tif'),
    'photo.avif': f('photo.avif'),
  };
}

/** A PNG whose header declares 100000 × 100000 pixels over a few bytes of data: a decompression bomb. */
export async function writePngBomb(file: string): Promise<void> {
  const header = { width: 100_000, height: 100_000, bitDepth: 8, colorType: 2, interlace: 0 };
  await writeFile(file, writePng(header, [], deflateSync(Buffer.alloc(1024))));
}

/** A copy cut at 60 % of its bytes. */
export async function writeTruncated(from: string, to: string): Promise<void> {
  const bytes = await readFile(from);
  await writeFile(to, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
}

/**
 * A damaged copy: bytes `from`-`to` (fractions of the length, or absolute offsets when above 1) replaced by
 * pseudo-random bytes. The middle half damages compressed data while the signature and trailer survive; formats
 * without checksums or compression in their payload (WebP's VP8, BMP) are damaged in their headers instead, since
 * random pixels there are just another valid picture.
 */
export async function writeCorrupt(source: string, target: string, range: [number, number] = [0.25, 0.75]): Promise<void> {
  const bytes = Buffer.from(await readFile(source));
  const at = (v: number) => (v <= 1 ? Math.floor(bytes.length * v) : v);
  let seed = 12345;
  for (let i = at(range[0]); i < Math.min(bytes.length, at(range[1])); i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = seed & 0xff;
  }
  await writeFile(target, bytes);
}

/** A sharp-readable PNG of any image file (HEIC through heif-convert, BMP through ffmpeg). */
export async function readable(file: string, dir: string): Promise<string> {
  const lower = file.toLowerCase();
  const out = path.join(dir, `${path.basename(file)}-${Math.random().toString(36).slice(2)}.png`);
  if (lower.endsWith('.heic')) {
    await runProcess('heif-convert', ['-q', '100', file, `${out}.jpg`]);
    return `${out}.jpg`;
  }
  if (lower.endsWith('.bmp')) {
    await ffmpeg(['-i', file, '-frames:v', '1', '-update', '1', out]);
    return out;
  }
  return file;
}

/** Displayed size (orientation applied) and frame count. */
export async function shape(file: string): Promise<{ width: number; height: number; pages: number }> {
  const m = await sharp(file, { animated: true }).metadata();
  const turned = (m.orientation ?? 1) >= 5;
  const height = m.pageHeight ?? m.height ?? 0;
  return { width: turned ? height : (m.width ?? 0), height: turned ? (m.width ?? 0) : height, pages: m.pages ?? 1 };
}

/**
 * Whether `output` plays as the animation `original` does: the same loop count and times, frames merged or not; pages
 * without delays (a TIFF's) must all be there.
 */
export async function playsAs(original: string, output: string): Promise<boolean> {
  const [a, b] = await Promise.all([original, output].map((file) => sharp(file, { animated: true }).metadata()));
  if (!a || !b) return false;
  if (!a.delay?.length) return (a.pages ?? 1) === (b.pages ?? 1);
  return framesShown(timingOf(a), timingOf(b)) !== undefined;
}

/** SSIM measured here, independently of the family: both decoded by sharp (upright, flattened) to PNG. */
export async function independentSsim(original: string, output: string, dir: string): Promise<number> {
  const a = path.join(dir, `ssim-a-${Math.random().toString(36).slice(2)}.png`);
  const b = path.join(dir, `ssim-b-${Math.random().toString(36).slice(2)}.png`);
  await sharp(original).autoOrient().flatten({ background: '#808080' }).png().toFile(a);
  await sharp(output).autoOrient().flatten({ background: '#808080' }).png().toFile(b);
  return measureSsim(runProcess, a, b);
}

/** Compresses a file at the three levels and checks every invariant; returns the results for extra checks. */
export async function checkLadder(
  file: string,
  tmpDir: string,
  expect: (ok: boolean, message: string) => void,
  /** The levels made already (the corpus ladder, corpus-ladder.test-support.ts): checked, not compressed again. */
  made?: Record<CompressionLevel, CompressResult>,
): Promise<Record<CompressionLevel, CompressResult>> {
  const results = {} as Record<CompressionLevel, CompressResult>;
  const originalSize = (await stat(file)).size;
  const originalShape = await shape(await readable(file, tmpDir));
  for (const level of LEVELS) {
    const r = made?.[level] ?? (await compress(file, { level, tmpDir }));
    results[level] = r;
    const name = `${path.basename(file)} at ${level}`;
    expect(r.compressedSize <= originalSize, `${name}: ${r.compressedSize} is larger than ${originalSize}`);
    expect((await stat(r.output)).size === r.compressedSize, `${name}: reported size differs from the file`);
    if (r.unchanged) continue;
    const outShape = await shape(await readable(r.output, tmpDir));
    // An animation may merge equal neighbouring frames (gifsicle, cgif): it must still play for the same times.
    const played = originalShape.pages === 1 || (await playsAs(file, r.output));
    expect(
      outShape.width === originalShape.width && outShape.height === originalShape.height && played,
      `${name}: shape ${JSON.stringify(outShape)} does not play as ${JSON.stringify(originalShape)}`,
    );
    expect((r.metrics.ssim ?? 0) >= SSIM_FLOOR[level], `${name}: SSIM ${r.metrics.ssim} below ${SSIM_FLOOR[level]}`);
    expect(r.score === r.metrics.ssim, `${name}: score ${r.score} is not the measured SSIM ${r.metrics.ssim}`);
    // Re-measured here at every level for ordinary sizes; for very large pictures (seconds per measure) at balanced.
    const single = originalShape.pages === 1 && !/\.(heic|bmp)$/i.test(file) && r.format !== 'heic';
    const affordable = originalShape.width * originalShape.height <= 4_000_000 || level === 'balanced';
    if (single && affordable) {
      const ssim = await independentSsim(file, r.output, tmpDir);
      expect(ssim >= SSIM_FLOOR[level] - 0.005, `${name}: independent SSIM ${ssim} below ${SSIM_FLOOR[level]}`);
    }
  }
  const { light, balanced, maximum } = results;
  expect(
    maximum.compressedSize <= balanced.compressedSize && balanced.compressedSize <= light.compressedSize,
    `${path.basename(file)}: ladder not monotonic ${light.compressedSize} / ${balanced.compressedSize} / ${maximum.compressedSize}`,
  );
  return results;
}

/** One trial of the image family as it was made: its track, setting, the file it encoded, and when. */
export interface TimedTrial {
  track: string;
  knob: number;
  source: string;
  start: number;
  end: number;
}

/** Runs `work`, timing every trial the image family makes meanwhile (each made as usual: nothing is replaced). */
export async function timedTrials<T>(work: () => Promise<T>): Promise<{ result: T; trials: TimedTrial[] }> {
  const trials: TimedTrial[] = [];
  const original = Measurer.prototype.trial;
  const spy = vi.spyOn(Measurer.prototype, 'trial').mockImplementation(async function (this: Measurer, ...args) {
    const start = performance.now();
    try {
      return await original.apply(this, args);
    } finally {
      trials.push({ track: args[0].id, knob: args[1], source: args[2].path, start, end: performance.now() });
    }
  });
  try {
    return { result: await work(), trials };
  } finally {
    spy.mockRestore();
  }
}
