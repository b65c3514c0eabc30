import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { budgetFrames } from '../../budget.js';
import { EngineError } from '../../errors.js';
import { readFileHead } from '../../tools/file-head.js';
import { framesShown, timingOf } from '../../tools/image/animation-timing.js';
import { decodeBmp } from '../../tools/image/bmp.js';
import { gifIsComplete } from '../../tools/image/gif-structure.js';
import { MAX_INPUT_PIXELS } from '../../tools/image/sharp-input.js';
import type { CompressContext } from '../../types.js';
import { gifTracks } from './formats/gif.js';
import { decodeHeic, type HeicRoute, heicAnchor, heicTracks } from './formats/heic.js';
import { avifAnchor, avifTracks, jpegAnchor, jpegTracks, webpAnchor, webpTracks } from './formats/lossy.js';
import { pngAnchor, pngTracks } from './formats/png.js';
import { tiffTracks } from './formats/tiff.js';
import { isSrgbProfile } from './icc-profile.js';
import { type ImageSource, openImage, readError } from './image-io.js';
import type { Anchor, Track } from './search.js';

type JobContext = Pick<CompressContext, 'runProcess' | 'signal' | 'workDir'>;

/** Everything the search needs to know about one input. */
export interface ImageJob {
  /** What the tracks encode: the original, or a clean decoded PNG for HEIC and BMP. */
  source: ImageSource;
  /** Extension of the outputs. */
  ext: string;
  tracks: Track[];
  /** The standard tool's setting for the format, whose SSIM raises the light and balanced bars (see quality.ts). */
  anchor?: Anchor;
  /** Block-based lossy codecs can be searched on a mosaic of tiles of a large picture (see sample.ts). */
  sampleable: boolean;
  pixels: number;
  /** What metadata survives, for the recipe text. */
  kept: string;
  /**
   * The original has an alpha channel: SSIM is then measured over black and over white, unless every pixel is opaque
   * (Measurer.reference).
   */
  alpha: boolean;
  /** Makes an output readable by sharp (HEIC → PNG). */
  readable?: (file: string) => Promise<string>;
  /**
   * An animation's output frames as they play against the original's (`framesShown`): the output frame seen during
   * each original frame, or undefined when the timing or loop count changed.
   */
  framesShown?: (file: string) => Promise<number[] | undefined>;
}

/** A job, or the reason the original is returned as it is. */
export type Prepared = { job: ImageJob } | { keep: string };

/** Lossless WebP (VP8L) gets a lossless candidate at light: a lossy re-encode could never match it at 0.99. */
async function isLosslessWebp(file: string): Promise<boolean> {
  return (await readFileHead(file, 64 * 1024)).includes('VP8L');
}

async function readMetadata(file: string, signal: AbortSignal): Promise<Metadata> {
  try {
    return await openImage({ path: file, animated: true }).metadata();
  } catch (err) {
    throw readError(err, signal);
  }
}

function checkPixels(meta: Metadata): number {
  const pages = meta.pages ?? 1;
  budgetFrames(pages);
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * pages;
  if (pixels > MAX_INPUT_PIXELS)
    throw new EngineError('invalid-input', 'The image is too large to process (more than 100 megapixels)');
  if (pixels === 0) throw new EngineError('invalid-input', 'The image is damaged and cannot be read');
  return pixels;
}

/** A HEIC decoded to a PNG holding only pixels and the colour profile. */
async function prepareHeic(input: string, ctx: JobContext): Promise<Prepared> {
  const container = await readMetadata(input, ctx.signal);
  checkPixels({ ...container, pages: 1 });
  if ((container.pages ?? 1) > 1) return { keep: 'kept as it is: a HEIC file holding several images is not recompressed' };
  const route: HeicRoute = {};
  const decoded = await decodeHeic(ctx, input, path.join(ctx.workDir, 'heic-source'), route);
  const clean = path.join(ctx.workDir, 'heic-source-clean.png');
  try {
    await openImage({ path: decoded, animated: false }).keepIccProfile().png({ compressionLevel: 1 }).toFile(clean);
  } catch (err) {
    throw readError(err, ctx.signal);
  }
  const meta = await readMetadata(clean, ctx.signal);
  let n = 0;
  return {
    job: {
      // libheif has already applied the HEIF rotation and mirroring; an EXIF orientation inside HEIC is ignored.
      source: { path: clean, animated: false, autoOrient: false },
      ext: 'heic',
      tracks: heicTracks(ctx),
      anchor: heicAnchor(ctx),
      sampleable: true,
      pixels: checkPixels(meta),
      alpha: meta.hasAlpha ?? false,
      kept: 'metadata stripped (colour profile kept)',
      readable: (file) => decodeHeic(ctx, file, path.join(ctx.workDir, `heic-check-${n++}`), route),
    },
  };
}

/** An output's frames as they play against the original's: the same loop count, the same time for every frame. */
function animationTiming(original: Metadata): (file: string) => Promise<number[] | undefined> {
  return async (file) => framesShown(timingOf(original), timingOf(await sharp(file, { animated: true }).metadata()));
}

/** Reads the input's header, refuses decompression bombs, and picks the recipes for its format. */
export async function prepareJob(input: string, ext: string, ctx: JobContext): Promise<Prepared> {
  if (ext === 'heic') return prepareHeic(input, ctx);
  let sourcePath = input;
  // libnsgif decodes a cut-off GIF without complaint (the missing frames just end early), so check the structure.
  if (ext === 'gif' && !(await gifIsComplete(input)))
    throw new EngineError('invalid-input', 'The GIF image is damaged or incomplete and cannot be read');
  if (ext === 'bmp') {
    sourcePath = path.join(ctx.workDir, 'bmp-source.png');
    await decodeBmp(ctx, input, sourcePath);
  }
  const meta = await readMetadata(sourcePath, ctx.signal);
  const pixels = checkPixels(meta);
  const pages = meta.pages ?? 1;
  const animated = pages > 1 && (ext === 'gif' || ext === 'webp' || ext === 'tif');
  if (pages > 1 && !animated)
    return { keep: `kept as it is: a ${ext.toUpperCase()} file holding several images is not recompressed` };
  const source: ImageSource = {
    path: sourcePath,
    animated,
    autoOrient: !animated && (meta.orientation ?? 1) > 1,
    srgbProfile: isSrgbProfile(meta.icc),
  };
  const shown = animated && ext !== 'tif' ? animationTiming(meta) : undefined;
  const profile = source.srgbProfile
    ? 'its sRGB colour profile left out, as untagged pictures are read as sRGB'
    : 'colour profile kept';
  const kept =
    ext === 'gif'
      ? 'animation timing and loop kept'
      : animated
        ? 'animation timing and loop kept, metadata stripped'
        : source.autoOrient
          ? `metadata stripped (${profile}, picture turned upright)`
          : `metadata stripped (${profile})`;
  const job = (tracks: Track[], sampleable: boolean, anchor?: Anchor, outExt = ext): Prepared => ({
    job: {
      source,
      ext: outExt,
      tracks,
      anchor,
      sampleable: sampleable && !animated,
      pixels,
      alpha: meta.hasAlpha ?? false,
      kept,
      framesShown: shown,
    },
  });
  switch (ext) {
    case 'jpg':
      return job(jpegTracks(meta.chromaSubsampling), true, jpegAnchor());
    case 'png':
      return job(pngTracks(ctx.signal), false, pngAnchor(ctx.signal));
    case 'bmp':
      return job(pngTracks(ctx.signal), false, undefined, 'png');
    case 'webp':
      return job(webpTracks(pixels, await isLosslessWebp(input), animated), true, webpAnchor());
    case 'avif':
      return job(avifTracks(pixels), true, avifAnchor(pixels));
    case 'gif':
      return job(gifTracks(ctx, animated), false);
    case 'tif':
      return job(tiffTracks(meta), false);
    default:
      throw new EngineError('unsupported', `${ext.toUpperCase()} images cannot be compressed yet`);
  }
}
