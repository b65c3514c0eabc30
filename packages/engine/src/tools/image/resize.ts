import path from 'node:path';
import { RESIZABLE_PICTURE_TYPES } from '@shrinkly/contract';
import { EngineError } from '../../errors.js';
import type { DetectedType } from '../../types.js';
import { openImageFile } from './sharp-input.js';

/** Picture formats a longest side can be asked of, and how the smaller copy is written before it is compressed. */
const RESIZABLE: Record<ResizableType, (image: ReturnType<typeof openImageFile>) => ReturnType<typeof openImageFile>> = {
  // The copy loses as little as it can: the compression that follows measures its quality against this copy.
  jpg: (image) => image.jpeg({ quality: 100, chromaSubsampling: '4:4:4' }),
  png: (image) => image.png({ compressionLevel: 1 }),
  webp: (image) => image.webp({ lossless: true, effort: 0 }),
  tif: (image) => image.tiff({ compression: 'lzw' }),
};

type ResizableType = (typeof RESIZABLE_PICTURE_TYPES)[number];

/** What a longest side did to the input: the file the engine goes on with, and the note for the result. */
export interface Resized {
  input: string;
  note?: string;
  /**
   * The copy is itself a result in the input's format (a picture), which a level that gains nothing more may give;
   * a video's copy (Matroska, near-lossless) is only what the family compresses.
   */
  intermediate?: boolean;
}

type PictureMeta = { width?: number | undefined; height?: number | undefined; orientation?: number | undefined };

/** The size a picture is shown at: orientations 5-8 turn it a quarter, so its displayed width is the stored height. */
function upright(meta: PictureMeta): { width: number; height: number } {
  const turned = (meta.orientation ?? 1) >= 5;
  return { width: (turned ? meta.height : meta.width) ?? 0, height: (turned ? meta.width : meta.height) ?? 0 };
}

/** The displayed size of a picture file (its EXIF orientation applied). */
export async function displayedSize(input: string): Promise<{ width: number; height: number }> {
  return upright(await openImageFile(input, true).metadata());
}

/**
 * A picture whose longest side is over `maxDimension` pixels, made smaller (never larger) before it is compressed:
 * the copy, in the same format, in the call's work folder. Upright pixels (the EXIF orientation applied), colour
 * profile kept. Other files, and pictures already small enough, go on as they are.
 */
export async function resizeForCall(
  input: string,
  type: DetectedType,
  maxDimension: number | undefined,
  workDir: string,
): Promise<Resized> {
  if (maxDimension === undefined || type.family !== 'image') return { input };
  const write = (RESIZABLE_PICTURE_TYPES as readonly string[]).includes(type.ext)
    ? RESIZABLE[type.ext as ResizableType]
    : undefined;
  if (!write) return { input, note: `${type.ext.toUpperCase()} pictures are not resized: kept at full size` };
  let meta: PictureMeta & { pages?: number | undefined };
  try {
    meta = await openImageFile(input, true).metadata();
  } catch (err) {
    throw new EngineError('invalid-input', 'The image is damaged and cannot be read', undefined, { cause: err });
  }
  if ((meta.pages ?? 1) > 1) return { input, note: 'Pictures of several frames are not resized: kept at full size' };
  const { width, height } = upright(meta);
  if (Math.max(width, height) <= maxDimension) return { input };
  const output = path.join(workDir, `resized.${type.ext}`);
  try {
    await write(
      openImageFile(input, false)
        .rotate()
        .resize({ width: maxDimension, height: maxDimension, fit: 'inside', withoutEnlargement: true })
        .keepIccProfile(),
    ).toFile(output);
  } catch (err) {
    throw new EngineError('invalid-input', 'The image is damaged and cannot be read', undefined, { cause: err });
  }
  const scale = maxDimension / Math.max(width, height);
  const size = `${Math.round(width * scale)}×${Math.round(height * scale)}`;
  return { input: output, note: `Resized from ${width}×${height} to ${size} (longest side ${maxDimension} px)` };
}
