import sharp, { type Sharp } from 'sharp';

/**
 * Largest image (all frames together) the engine decodes: 100 megapixels is a 400 MB RGBA buffer. A hostile file
 * that declares more (a "decompression bomb") is refused before any pixel is decoded.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

/**
 * A sharp pipeline reading the user's file with the engine's safety settings: the pixel limit, and
 * `failOn: 'warning'` so that a truncated or damaged file is an error instead of a half-grey picture.
 */
export function openImageFile(file: string, animated: boolean): Sharp {
  return sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', animated });
}
