import { stat } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { EngineError, isEngineError } from '../errors.js';
import { readFileHead } from '../tools/file-head.js';
import { decodeBmp } from '../tools/image/bmp.js';
import { gifIsComplete } from '../tools/image/gif-structure.js';
import { MAX_INPUT_PIXELS, openImageFile } from '../tools/image/sharp-input.js';
import type { ConvertContext } from './types.js';

type ToolContext = Pick<ConvertContext, 'runProcess' | 'signal' | 'workDir'>;

/** Names users know the input formats by. */
export const IMAGE_LABEL: Readonly<Record<string, string>> = {
  jpg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  gif: 'GIF',
  avif: 'AVIF',
  tif: 'TIFF',
  tiff: 'TIFF',
  bmp: 'BMP',
  heic: 'HEIC',
  pdf: 'PDF',
};

const HEIF_TIMEOUT_MS = 5 * 60 * 1000;

/** The error for an input that does not decode (truncated, damaged, not really that format). */
export function unreadable(ext: string, cause?: unknown): EngineError {
  return new EngineError(
    'invalid-input',
    `The ${IMAGE_LABEL[ext] ?? 'image'} file could not be read: it is damaged or incomplete`,
    undefined,
    { cause },
  );
}

export function tooLarge(): EngineError {
  return new EngineError('invalid-input', 'The image is too large to convert (more than 100 megapixels)');
}

/** A picture sharp can open: the input itself, or a PNG decoded from it by another tool (HEIC, BMP). */
export interface ImageSource {
  path: string;
  /** Apply the EXIF orientation: false when the decoder has already turned the picture upright (HEIC). */
  autoOrient: boolean;
}

/** sharp with the engine's safety settings: the pixel limit, and damaged data as an error rather than grey. */
export function openSharp(file: string, animated: boolean): Sharp {
  return openImageFile(file, animated);
}

async function nonEmpty(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile() && s.size > 0,
    () => false,
  );
}

/**
 * The BMP header's fixed fields hold values a BMP can have (header size, one plane, a bit depth, a known
 * compression). Garbage fails this before its "declared size" is taken at its word and called too large.
 */
async function bmpHeaderIsSane(file: string): Promise<boolean> {
  const head = await readFileHead(file, 34);
  if (head.length < 26 || head.toString('latin1', 0, 2) !== 'BM') return false;
  const headerSize = head.readUInt32LE(14);
  if (headerSize === 12) return head.readUInt16LE(22) === 1 && [1, 4, 8, 24].includes(head.readUInt16LE(24));
  if (![40, 52, 56, 64, 108, 124].includes(headerSize) || head.length < 34) return false;
  return head.readUInt16LE(26) === 1 && [1, 4, 8, 16, 24, 32].includes(head.readUInt16LE(28)) && head.readUInt32LE(30) <= 6;
}

function isFatal(err: unknown): boolean {
  return isEngineError(err) && (err.kind === 'cancelled' || err.kind === 'timeout' || err.kind === 'tool-missing');
}

/**
 * HEIC through heif-convert (sharp's libheif has no HEVC decoder). PNG first; libpng refuses some camera ICC
 * profiles, and those go through a quality-100 JPEG instead. A file with several top-level images is written as
 * `base-1.png`, `base-2.png`...: the first one is used.
 */
async function decodeHeic(ctx: ToolContext, input: string, base: string): Promise<string> {
  const routes: Array<[string, string[]]> = [
    ['png', []],
    ['jpg', ['-q', '100']],
  ];
  for (const [ext, extra] of routes) {
    try {
      await ctx.runProcess('heif-convert', ['--quiet', ...extra, input, `${base}.${ext}`], {
        signal: ctx.signal,
        timeoutMs: HEIF_TIMEOUT_MS,
      });
    } catch (err) {
      if (isFatal(err)) throw err;
      continue;
    }
    for (const candidate of [`${base}.${ext}`, `${base}-1.${ext}`]) if (await nonEmpty(candidate)) return candidate;
  }
  throw unreadable('heic');
}

/**
 * Makes `input` readable by sharp and catches the damage sharp would not notice: HEIC and BMP are decoded to PNG
 * in the work folder (their declared size checked first, so a decompression bomb is refused before decoding), and
 * a GIF's block structure is walked (libnsgif shows a cut-off GIF without complaint).
 */
export async function openSource(input: string, ext: string, ctx: ToolContext): Promise<ImageSource> {
  if (ext === 'heic') {
    // The container's header (read without decoding the HEVC data) tells the size of the primary image.
    const meta = await sharp(input, { limitInputPixels: false })
      .metadata()
      .catch((err: unknown) => {
        throw unreadable(ext, err);
      });
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw tooLarge();
    // libheif applies the HEIF rotation and mirroring itself; an EXIF orientation inside HEIC is not used.
    return { path: await decodeHeic(ctx, input, path.join(ctx.workDir, 'heic-source')), autoOrient: false };
  }
  if (ext === 'bmp') {
    if (!(await bmpHeaderIsSane(input))) throw unreadable(ext);
    const decoded = path.join(ctx.workDir, 'bmp-source.png');
    try {
      await decodeBmp(ctx, input, decoded);
    } catch (err) {
      if (isEngineError(err, 'invalid-input') && !/too large/.test(err.message)) throw unreadable(ext, err);
      throw err;
    }
    return { path: decoded, autoOrient: false };
  }
  if (ext === 'gif' && !(await gifIsComplete(input))) throw unreadable(ext);
  return { path: input, autoOrient: true };
}
