import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Comparison } from '@shrinkly/contract';
import sharp from 'sharp';
import { decodeHeic } from './families/image/formats/heic.js';
import { decodeBmp } from './tools/image/bmp.js';
import { openImageFile } from './tools/image/sharp-input.js';
import { type FfmpegRunner, runFfmpeg } from './tools/media/ffmpeg.js';
import type { DetectedType } from './types.js';

/** One before/after view of a result: a page, a frame or the picture, as two small JPEGs of the same size. */
export interface ComparePair {
  /** What the pair shows, e.g. "Page 2" or "Frame at 0:05". */
  label: string;
  before: Buffer;
  after: Buffer;
}

/** The renditions as the API and the desktop bridge give them (the contract's comparison): pictures as data: URLs. */
export function comparisonOf(pairs: readonly ComparePair[]): Comparison {
  const dataUrl = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  return { pairs: pairs.map(({ label, before, after }) => ({ label, before: dataUrl(before), after: dataUrl(after) })) };
}

/** Renditions fit this longest side: enough to see differences at 100 % on a screen, small enough to keep. */
export const COMPARE_MAX_SIDE = 1200;
/** A PDF is compared on its first pages. */
const COMPARE_PAGES = 3;
const JPEG_QUALITY = 85;

/** What renditions are made from: the original, the result (in the call's work folder) and where to write. */
export interface CompareSources {
  original: string;
  result: string;
  type: DetectedType;
  workDir: string;
  runner: FfmpegRunner;
  /** Video: the second the still is taken at (the middle of the worst window), else the middle of the file. */
  atSec?: number | undefined;
}

/**
 * Small renditions of an original and its result for a before/after view, made where the job runs (never the full
 * file decoded in a browser): pictures whole, PDFs page by page, video a still from its hardest stretch. Other kinds
 * (sound, documents, archives) get none. A rendition that cannot be made leaves the view out, never the result.
 */
export async function compareRenditions(sources: CompareSources): Promise<ComparePair[]> {
  try {
    if (sources.type.family === 'image') return await pictures(sources);
    if (sources.type.family === 'pdf') return await pages(sources);
    if (sources.type.family === 'video') return await stills(sources);
  } catch (err) {
    if (sources.runner.signal.aborted) throw err;
  }
  return [];
}

/** The result at its own size (within the limit), and the original drawn at exactly that size, so they line up. */
async function pictures({ original, result, type, workDir, runner }: CompareSources): Promise<ComparePair[]> {
  const fit = { width: COMPARE_MAX_SIDE, height: COMPARE_MAX_SIDE, fit: 'inside', withoutEnlargement: true } as const;
  const resultExt = path.extname(result).slice(1).toLowerCase() || type.ext;
  const { data: after, info } = await openImageFile(await readable(result, resultExt, workDir, runner, 'compare-after'), false)
    .rotate()
    .resize(fit)
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer({ resolveWithObject: true });
  const before = await openImageFile(await readable(original, type.ext, workDir, runner, 'compare-before'), false)
    .rotate()
    .resize({ width: info.width, height: info.height, fit: 'fill' })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
  return [{ label: 'Picture', before, after }];
}

/** A picture sharp reads as it is, or a PNG of it: HEIC through libheif, BMP through the engine's own decoder. */
async function readable(file: string, ext: string, workDir: string, runner: FfmpegRunner, name: string): Promise<string> {
  if (ext === 'heic' || ext === 'heif') return decodeHeic(runner, file, path.join(workDir, name));
  if (ext !== 'bmp') return file;
  const png = path.join(workDir, `${name}.png`);
  await decodeBmp(runner, file, png);
  return png;
}

/** The first pages of both, rendered by poppler at the same scale. */
async function pages({ original, result, workDir, runner }: CompareSources): Promise<ComparePair[]> {
  const render = async (file: string, name: string) => {
    const args = ['-jpeg', '-jpegopt', `quality=${JPEG_QUALITY}`, '-f', '1', '-l', String(COMPARE_PAGES)];
    await runner.runProcess('pdftoppm', [...args, '-scale-to', String(COMPARE_MAX_SIDE), file, path.join(workDir, name)], {
      signal: runner.signal,
      timeoutMs: 60_000,
    });
    // pdftoppm names pages NAME-1.jpg or NAME-01.jpg, by the document's page count.
    const files = (await readdir(workDir)).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.jpg'));
    const numbered = files.map((f) => ({ f, page: Number(/-(\d+)\.jpg$/.exec(f)?.[1]) })).sort((a, b) => a.page - b.page);
    return Promise.all(numbered.map(({ f }) => readFile(path.join(workDir, f))));
  };
  const [before, after] = await Promise.all([render(original, 'compare-before'), render(result, 'compare-after')]);
  return before.flatMap((b, i) => {
    const a = after[i];
    return a ? [{ label: `Page ${i + 1}`, before: b, after: a }] : [];
  });
}

/** One frame of both, at the same moment, at the same size. */
async function stills({ original, result, workDir, runner, atSec }: CompareSources): Promise<ComparePair[]> {
  const grab = async (file: string, name: string, at: number, scale: string) => {
    const out = path.join(workDir, `${name}.jpg`);
    await runFfmpeg(runner, ['-ss', at.toFixed(2), '-i', file, '-frames:v', '1', '-vf', scale, '-q:v', '3', '-y', out], {
      timeoutMs: 60_000,
    });
    // Past the last frame (a window's middle at the very end of a short clip) ffmpeg writes nothing.
    return readFile(out).catch(() => null);
  };
  // The result's frame within the rendition limit (tall videos too), and the original's drawn at exactly its size,
  // so a resized result lines up with its original.
  const inside = `scale='min(iw,${COMPARE_MAX_SIDE})':'min(ih,${COMPARE_MAX_SIDE})':force_original_aspect_ratio=decrease:force_divisible_by=2`;
  let at = atSec ?? 0;
  let after = await grab(result, 'compare-after', at, inside);
  if (!after && at > 0) {
    at = 0;
    after = await grab(result, 'compare-after', at, inside);
  }
  if (!after) return [];
  const { width, height } = await sharp(after).metadata();
  const before = await grab(original, 'compare-before', at, width && height ? `scale=${width}:${height}` : inside);
  if (!before) return [];
  const minutes = Math.floor(at / 60);
  const seconds = String(Math.floor(at % 60)).padStart(2, '0');
  return [{ label: `Frame at ${minutes}:${seconds}`, before, after }];
}
