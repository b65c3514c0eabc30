import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Metadata, Sharp } from 'sharp';
import sharp from 'sharp';
import { budgetFrames } from '../budget.js';
import { EngineError, isEngineError } from '../errors.js';
import { type AnimationTiming, framesShown, timingOf } from '../tools/image/animation-timing.js';
import { bmpHeader } from '../tools/image/bmp.js';
import { MAX_INPUT_PIXELS } from '../tools/image/sharp-input.js';
import type { DetectedType } from '../types.js';
import { assertConvertible } from './convertible.js';
import { writeBmp } from './image-bmp.js';
import { IMAGE_LABEL, type ImageSource, openSharp, openSource, tooLarge, unreadable } from './image-decode.js';
import { writeImagePdf } from './image-pdf.js';
import type { ConvertContext, ConverterOutput, FamilyConverter } from './types.js';

const INPUTS: readonly string[] = ['jpg', 'png', 'webp', 'gif', 'avif', 'tif', 'bmp', 'heic'];
const TARGETS: readonly string[] = ['jpg', 'png', 'webp', 'gif', 'avif', 'tiff', 'bmp', 'pdf'];
/** detect() names TIFF 'tif'; the target is offered as 'tiff'. */
const TARGET_OF_INPUT: Readonly<Record<string, string>> = { tif: 'tiff' };

/** Largest side each encoder writes (libjpeg 65500, WebP 16383, libheif's AV1 16384, GIF 65535). */
const MAX_SIDE: Readonly<Record<string, number>> = { jpg: 65_500, pdf: 65_500, webp: 16_383, avif: 16_384, gif: 65_535 };

/** What sharp's metadata calls each target (AVIF is a HEIF container holding AV1). */
const SHARP_FORMAT: Readonly<Record<string, string>> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'heif',
  tiff: 'tiff',
};

const WHITE = { r: 255, g: 255, b: 255 };

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new EngineError('cancelled', 'Cancelled');
}

/** What the output must look like: displayed size of one frame, and the frames kept. */
interface Plan {
  width: number;
  height: number;
  /** Frames written: all of an animated GIF/WebP going to GIF/WebP, otherwise the first one. */
  frames: number;
  animated: boolean;
  /** An animation's timing: an output with fewer frames must play to it (equal neighbouring frames merged into one). */
  timing: AnimationTiming;
  autoOrient: boolean;
}

async function readPlan(source: ImageSource, ext: string, target: string): Promise<Plan> {
  let meta: Metadata;
  try {
    // The first page only: the pages of a TIFF may differ in size; the frames of a GIF or WebP never do.
    meta = await sharp(source.path, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw unreadable(ext, err);
  }
  const width = meta.width ?? 0;
  const frameHeight = meta.height ?? 0;
  const pages = meta.pages ?? 1;
  const animated = pages > 1 && (ext === 'gif' || ext === 'webp') && (target === 'gif' || target === 'webp');
  if (width === 0 || frameHeight === 0) throw unreadable(ext);
  if (animated) budgetFrames(pages);
  if (width * frameHeight * (animated ? pages : 1) > MAX_INPUT_PIXELS) throw tooLarge();
  // Animated pictures carry no orientation; turning a still one upright swaps its sides for orientations 5-8.
  const autoOrient = source.autoOrient && !animated;
  const turned = autoOrient && (meta.orientation ?? 1) >= 5;
  const plan = {
    width: turned ? frameHeight : width,
    height: turned ? width : frameHeight,
    frames: animated ? pages : 1,
    animated,
    timing: timingOf(meta),
    autoOrient,
  };
  const max = MAX_SIDE[target];
  if (max !== undefined && Math.max(plan.width, plan.height) > max) {
    throw new EngineError(
      'unsupported',
      `${IMAGE_LABEL[target]} pictures can be at most ${max} pixels wide or high; this one is ${plan.width} × ${plan.height}`,
    );
  }
  return plan;
}

/** The picture as read for conversion: one frame or all of them, upright, with the family's safety settings. */
function pipeline(source: ImageSource, plan: Plan): Sharp {
  const image = openSharp(source.path, plan.animated);
  return plan.autoOrient ? image.autoOrient() : image;
}

/**
 * Runs one sharp encode. sharp decodes and encodes in one step, so when it fails the source is decoded alone:
 * if that fails too the input is damaged ('invalid-input'), otherwise the encoder failed ('failed').
 */
async function encode<T>(source: ImageSource, plan: Plan, ext: string, target: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isEngineError(err)) throw err;
    const decodes = await pipeline(source, plan)
      .raw()
      .toBuffer()
      .then(
        () => true,
        () => false,
      );
    if (!decodes) throw unreadable(ext, err);
    const message = err instanceof Error ? err.message : String(err);
    throw new EngineError('failed', `The ${IMAGE_LABEL[target]} file could not be written`, message, { cause: err });
  }
}

/** Writes the target with sharp, or the BMP and PDF writers from sharp's pixels. */
async function write(source: ImageSource, plan: Plan, ext: string, target: string, out: string): Promise<void> {
  const image = () => pipeline(source, plan);
  await encode(source, plan, ext, target, async () => {
    switch (target) {
      case 'jpg':
        await image().flatten({ background: WHITE }).jpeg({ quality: 90 }).toFile(out);
        return;
      case 'png':
        await image().png({ compressionLevel: 9, adaptiveFiltering: true }).toFile(out);
        return;
      case 'webp':
        await image().webp({ quality: 85, effort: 4 }).toFile(out);
        return;
      case 'gif':
        await image().gif({ effort: 7 }).toFile(out);
        return;
      case 'avif':
        await image().avif({ quality: 60, effort: 4 }).toFile(out);
        return;
      case 'tiff':
        await image().tiff({ compression: 'lzw', predictor: 'horizontal' }).toFile(out);
        return;
      case 'bmp': {
        const { data, info } = await image()
          .flatten({ background: WHITE })
          .toColourspace('srgb')
          .removeAlpha()
          .raw({ depth: 'uchar' })
          .toBuffer({ resolveWithObject: true });
        await writeBmp(data, info.width, info.height, out);
        return;
      }
      case 'pdf': {
        const { data, info } = await image()
          .flatten({ background: WHITE })
          .toColourspace('srgb')
          .jpeg({ quality: 90 })
          .toBuffer({ resolveWithObject: true });
        await writeImagePdf({ jpeg: data, width: info.width, height: info.height, channels: info.channels === 1 ? 1 : 3 }, out);
        return;
      }
      default:
        throw new EngineError('unsupported', `Images cannot be converted to ${target.toUpperCase()}`);
    }
  });
}

function notVerified(target: string, reason: string): EngineError {
  return new EngineError('failed', `The converted ${IMAGE_LABEL[target]} file did not pass its check: ${reason}`);
}

/** The PDF opens in poppler with one page, and that page renders. */
async function verifyPdf(out: string, ctx: ConvertContext): Promise<number> {
  const { stdout, stderrTail } = await ctx.runProcess('pdfinfo', [out], {
    signal: ctx.signal,
    timeoutMs: 60_000,
    captureStdout: true,
  });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? 0);
  if (pages !== 1) throw notVerified('pdf', `it has ${pages} pages`);
  if (/error/i.test(stderrTail)) throw notVerified('pdf', stderrTail.trim().split('\n')[0] ?? 'poppler reported an error');
  const prefix = path.join(path.dirname(out), 'pdf-check');
  await ctx.runProcess('pdftoppm', ['-f', '1', '-l', '1', '-scale-to', '64', '-png', out, prefix], {
    signal: ctx.signal,
    timeoutMs: 2 * 60_000,
  });
  const rendered = (await readdir(path.dirname(out))).some((n) => n.startsWith('pdf-check') && n.endsWith('.png'));
  if (!rendered) throw notVerified('pdf', 'its page does not render');
  return pages;
}

/** Opens the output again: its format, the size of each frame and the number of frames must be what was planned. */
async function verify(out: string, target: string, plan: Plan, ctx: ConvertContext): Promise<Record<string, number>> {
  const checks: Record<string, number> = { width: plan.width, height: plan.height };
  if (target === 'pdf') return { ...checks, pages: await verifyPdf(out, ctx) };
  if (target === 'bmp') {
    const header = await bmpHeader(out);
    if (!header?.complete || header.width !== plan.width || header.height !== plan.height) {
      throw notVerified(target, `it reads as ${header?.width ?? 0} × ${header?.height ?? 0}`);
    }
    return checks;
  }
  let meta: Metadata;
  try {
    meta = await sharp(out, { limitInputPixels: false, animated: plan.animated }).metadata();
    // Decoding (a thumbnail: JPEG and WebP shrink while decoding) proves the data is whole, not only the header.
    await sharp(out, { limitInputPixels: false, failOn: 'error', animated: plan.animated })
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch (err) {
    throw notVerified(target, err instanceof Error ? err.message : String(err));
  }
  const height = meta.pageHeight ?? meta.height ?? 0;
  const frames = meta.pages ?? 1;
  if (meta.format !== SHARP_FORMAT[target]) throw notVerified(target, `it reads as ${meta.format}`);
  if (target === 'avif' && meta.compression !== 'av1') throw notVerified(target, `it holds ${meta.compression}`);
  if (meta.width !== plan.width || height !== plan.height)
    throw notVerified(target, `it is ${meta.width} × ${height} instead of ${plan.width} × ${plan.height}`);
  // A GIF's delays are whole centiseconds, so a WebP's 33 ms becomes 30: the frame count is then what is checked.
  const merged = () => plan.animated && framesShown(plan.timing, timingOf(meta)) !== undefined;
  if (frames !== plan.frames && !merged()) throw notVerified(target, `it has ${frames} frames instead of ${plan.frames}`);
  return plan.frames > 1 ? { ...checks, frames } : checks;
}

/**
 * Pictures between JPEG, PNG, WebP, GIF, AVIF, TIFF, BMP and PDF (one page with the picture as a JPEG), from those
 * and HEIC. Pictures are turned upright (EXIF orientation), metadata is dropped, transparency is flattened onto
 * white where the target has none (JPEG, BMP, PDF), and an animated GIF or WebP stays animated when the target is
 * GIF or WebP (the first frame otherwise). sharp does the work; heif-convert and ffmpeg decode HEIC and BMP.
 */
export const imageConverter: FamilyConverter = {
  id: 'image',
  targets: (from) => (INPUTS.includes(from) ? TARGETS.filter((t) => t !== (TARGET_OF_INPUT[from] ?? from)) : []),
  tools: ['heif-convert', 'ffmpeg', 'pdfinfo', 'pdftoppm'],
  async convert(input: string, type: DetectedType, ctx: ConvertContext): Promise<ConverterOutput> {
    const { target } = ctx;
    assertConvertible(imageConverter, type, target, IMAGE_LABEL);
    throwIfAborted(ctx.signal);
    ctx.onProgress(0);
    const source = await openSource(input, type.ext, ctx);
    throwIfAborted(ctx.signal);
    ctx.onProgress(20);
    const plan = await readPlan(source, type.ext, target);
    const out = path.join(ctx.workDir, `converted.${target}`);
    await write(source, plan, type.ext, target, out);
    throwIfAborted(ctx.signal);
    ctx.onProgress(80);
    const checks = await verify(out, target, plan, ctx);
    ctx.onProgress(99);
    return { path: out, format: target, checks };
  },
};
