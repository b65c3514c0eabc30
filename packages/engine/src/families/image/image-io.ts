import type { Sharp } from 'sharp';
import { EngineError } from '../../errors.js';
import { openImageFile } from '../../tools/image/sharp-input.js';

/** How an image file is read for encoding and for measuring. */
export interface ImageSource {
  path: string;
  /** Read every frame (GIF, animated WebP) or page (TIFF) as one tall image. */
  animated: boolean;
  /** Apply the EXIF orientation while reading: outputs are stored upright and carry no orientation tag. */
  autoOrient: boolean;
  /** The source's colour profile only says sRGB (icc-profile.ts): outputs carry none, and look the same. */
  srgbProfile?: boolean;
}

/** Carries the source's colour profile into an output, unless it is plain sRGB (then it is left out). */
export function withProfile(img: Sharp, source: ImageSource): Sharp {
  return source.srgbProfile ? img : img.keepIccProfile();
}

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new EngineError('cancelled', 'Cancelled');
}

/** A sharp pipeline with the engine's safety settings (tools/image/sharp-input.ts): a damaged file is never compressed. */
export function openImage(source: Pick<ImageSource, 'path' | 'animated'>): Sharp {
  return openImageFile(source.path, source.animated);
}

/** Turns a sharp (libvips) failure while reading the user's file into a message a user can read. */
export function readError(err: unknown, signal: AbortSignal): EngineError {
  if (err instanceof EngineError) return err;
  if (signal.aborted) return new EngineError('cancelled', 'Cancelled', undefined, { cause: err });
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) {
    return new EngineError('invalid-input', 'The image is too large to process (more than 100 megapixels)', undefined, {
      cause: err,
    });
  }
  return new EngineError('invalid-input', 'The image is damaged or incomplete and cannot be read', undefined, { cause: err });
}

/** Frame geometry of decoded pixels. */
export interface RawGeometry {
  width: number;
  /** Height of one frame or page. */
  pageHeight: number;
  pages: number;
}

/** Decoded pixels of a picture: packed 8-bit sRGB, frames one after another, with their geometry. */
export interface Pixels extends RawGeometry {
  data: Buffer;
}

/**
 * Decodes `source` fully into 8-bit sRGB pixels. This is both the "decode it
 * again" check and the input of the SSIM measurement. With `alpha` every frame is decoded twice, flattened over black
 * and over white, so that a change in alpha (or in the colour under transparent pixels that shows up once
 * flattened) lowers the SSIM like any other change.
 */
export async function decodePixels(source: ImageSource, alpha: boolean): Promise<Pixels> {
  const backgrounds = alpha ? ['#000000', '#ffffff'] : [undefined];
  const parts: Buffer[] = [];
  let geometry: RawGeometry | undefined;
  for (const background of backgrounds) {
    let pipeline = openImage(source);
    if (source.autoOrient) pipeline = pipeline.autoOrient();
    if (background) pipeline = pipeline.flatten({ background });
    const { data, info } = await pipeline
      .toColourspace('srgb')
      .removeAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const pageHeight = info.pageHeight ?? info.height;
    geometry = { width: info.width, pageHeight, pages: Math.max(1, Math.round(info.height / pageHeight)) };
    parts.push(data);
  }
  if (!geometry) throw new Error('no frames decoded');
  // The two flattenings are measured as twice the frames.
  return { ...geometry, pages: geometry.pages * backgrounds.length, data: parts.length === 1 ? parts[0]! : Buffer.concat(parts) };
}

/**
 * Decodes `source` into 8-bit sRGB pixels when every pixel of every frame is opaque, else null. Many pictures carry
 * an alpha channel they never use (every animated GIF as libvips reads it, GIFs turned into WebPs, screenshots):
 * such a picture is measured once, as colour only, where `decodePixels` would measure the same pixels twice.
 */
export async function decodeOpaque(source: ImageSource): Promise<Pixels | null> {
  let pipeline = openImage(source);
  if (source.autoOrient) pipeline = pipeline.autoOrient();
  const { data, info } = await pipeline
    .toColourspace('srgb')
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) return null;
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return null;
  const rgb = Buffer.allocUnsafe((data.length / 4) * 3);
  for (let i = 0, o = 0; i < data.length; i += 4, o += 3) {
    rgb[o] = data[i] as number;
    rgb[o + 1] = data[i + 1] as number;
    rgb[o + 2] = data[i + 2] as number;
  }
  const pageHeight = info.pageHeight ?? info.height;
  return { width: info.width, pageHeight, pages: Math.max(1, Math.round(info.height / pageHeight)), data: rgb };
}
