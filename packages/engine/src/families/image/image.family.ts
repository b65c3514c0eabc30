import type { FamilyCompressor } from '../../types.js';
import { estimateImageFile } from './estimate.js';
import { compressImageFile, imageLadder } from './run.js';
import { sizeImageFile } from './size-to.js';

/**
 * Images: JPEG (mozjpeg), PNG (lossless repack; libimagequant palettes at balanced and maximum), GIF (gifsicle -O3 or
 * cgif, frames and timing kept), WebP, AVIF, TIFF (lossless, or JPEG-in-TIFF below light), HEIC (heif-convert / heif-enc) and BMP
 * (becomes PNG). Each level searches per file for the smallest encoding whose SSIM against the original stays at or
 * above the level's floor; see run.ts and search.ts.
 */
export const imageFamily: FamilyCompressor = {
  family: 'image',
  formats: ['jpg', 'png', 'gif', 'webp', 'heic', 'bmp', 'tif', 'avif'],
  // gifsicle too where it is installed (formats/gif.ts): GIFs are compressed without it.
  tools: ['ffmpeg', 'heif-convert', 'heif-enc'],
  compress: (input, type, ctx) => compressImageFile(input, type.ext, ctx),
  ladder: (input, type, ctx) => imageLadder(input, type.ext, ctx),
  sharesTrials: true,
  sizeTo: (input, type, ctx) => sizeImageFile(input, type.ext, ctx),
  estimate: (input, type, ctx) => estimateImageFile(input, type.ext, ctx),
};
