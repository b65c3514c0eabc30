import sharp from 'sharp';
import { type ImageSource, openImage } from './image-io.js';

/** Pictures above this size are searched on a sample; the winner is then encoded and checked at full size. */
export const SAMPLE_ABOVE_PIXELS = 1_500_000;
const DEFAULT_GRID = 4;
const DEFAULT_TILE = 192;
/** Tile edges on a 16-pixel grid, so JPEG/WebP/HEVC blocks fall as they do in the full picture. */
const ALIGN = 16;

/**
 * Writes a mosaic of 3×3 tiles (up to 512 px each) spread evenly over the picture to `out` as PNG. Block-based
 * codecs compress each tile about as they compress it in place, so the search's encodes cost a fraction of the
 * full picture's (a 24 MP photo is searched on 2.4 MP) while seeing its skies, edges and textures alike.
 * Returns false when the picture is too thin to tile. `layout` changes the grid and tile size (the estimate uses
 * more, smaller tiles). `decoded` is the picture already decoded as the sample would decode it (sRGB, 8 bits, oriented
 * as `source` says), which saves decoding a large picture twice.
 */
export async function writeSample(
  source: ImageSource,
  out: string,
  layout: { grid?: number; tile?: number } = {},
  decoded?: RawPicture,
): Promise<boolean> {
  const GRID = layout.grid ?? DEFAULT_GRID;
  const TILE = layout.tile ?? DEFAULT_TILE;
  const { data, info } = decoded ?? (await decodeForSample(source));
  const tileW = Math.min(TILE, Math.floor(info.width / GRID / ALIGN) * ALIGN);
  const tileH = Math.min(TILE, Math.floor(info.height / GRID / ALIGN) * ALIGN);
  if (tileW < 64 || tileH < 64) return false;
  const channels = info.channels;
  const mosaicW = tileW * GRID;
  const mosaic = Buffer.alloc(mosaicW * tileH * GRID * channels);
  for (let ty = 0; ty < GRID; ty++) {
    const top = Math.floor(((info.height - tileH) * ty) / (GRID - 1) / ALIGN) * ALIGN;
    for (let tx = 0; tx < GRID; tx++) {
      const left = Math.floor(((info.width - tileW) * tx) / (GRID - 1) / ALIGN) * ALIGN;
      for (let y = 0; y < tileH; y++) {
        const from = ((top + y) * info.width + left) * channels;
        const to = ((ty * tileH + y) * mosaicW + tx * tileW) * channels;
        data.copy(mosaic, to, from, from + tileW * channels);
      }
    }
  }
  await sharp(mosaic, { raw: { width: mosaicW, height: tileH * GRID, channels: channels as 1 | 2 | 3 | 4 } })
    .png({ compressionLevel: 1 })
    .toFile(out);
  return true;
}

/** Packed 8-bit pixels and their geometry. */
export interface RawPicture {
  data: Buffer;
  info: { width: number; height: number; channels: number };
}

async function decodeForSample(source: ImageSource): Promise<RawPicture> {
  let img = openImage(source);
  if (source.autoOrient) img = img.autoOrient();
  return img.toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
}
