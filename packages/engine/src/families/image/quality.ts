import { SSIM_FLOOR } from '../../quality/ssim.js';
import type { CompressionLevel } from '../../types.js';

/**
 * What a result must keep at each level: the engine's SSIM floor, plus a cap on the colour shift of any 8×8 block.
 * SSIM is an average over the whole picture, so it barely moves when a palette drops a small object's colour (a red
 * edge turning brown scored 0.98); block means catch exactly that, while the zero-mean noise of JPEG, WebP and
 * dithering leaves them nearly unchanged (mozjpeg q35 and WebP q35 stay near 15-20 on real files; lost colours
 * measure 40-90).
 */
export const QUALITY_BAR: Readonly<Record<CompressionLevel, { ssim: number; shift: number }>> = {
  light: { ssim: SSIM_FLOOR.light, shift: 16 },
  balanced: { ssim: SSIM_FLOOR.balanced, shift: 24 },
  maximum: { ssim: SSIM_FLOOR.maximum, shift: 32 },
};

/** The bar of every level for one file. */
export type QualityBars = Record<CompressionLevel, { ssim: number; shift: number }>;

/**
 * The bars of one file once its reference anchor is known: the SSIM that the standard tool's own encoding of this
 * file reaches (mozjpeg q75, cwebp q75, heif-enc q50, pngquant 65-80; see `ImageJob.anchor`). Balanced must keep at
 * least that SSIM, so that our file is never worse than the standard tool's; light keeps its own floor but also at
 * least the anchor, so the bars stay nested (light ⊇ balanced ⊇ maximum in strictness) and the ladder stays
 * monotonic. Maximum keeps its floor only. A failed anchor (SSIM -1) leaves the floors as they are.
 */
export function anchoredBars(anchorSsim: number | undefined): QualityBars {
  const a = anchorSsim !== undefined && anchorSsim > 0 ? anchorSsim : 0;
  return {
    light: { ...QUALITY_BAR.light, ssim: Math.max(QUALITY_BAR.light.ssim, a) },
    balanced: { ...QUALITY_BAR.balanced, ssim: Math.max(QUALITY_BAR.balanced.ssim, a) },
    maximum: { ...QUALITY_BAR.maximum },
  };
}

const BLOCK = 8;

/**
 * The largest difference (0-255) between the mean colour of an 8×8 block in `a` and the same block in `b`, over all
 * blocks and the three channels. Both are packed RGB of the same geometry; frames are simply stacked rows. (Sums are
 * of integer differences, so exact; measured on every trial of a search, hence the flat loops.)
 */
export function colourShift(a: Uint8Array, b: Uint8Array, width: number): number {
  const height = Math.floor(Math.min(a.length, b.length) / (width * 3));
  const blocksX = Math.ceil(width / BLOCK);
  const sums = new Int32Array(blocksX * 3);
  let worst = 0;
  for (let top = 0; top < height; top += BLOCK) {
    const rows = Math.min(BLOCK, height - top);
    sums.fill(0);
    for (let y = top; y < top + rows; y++) {
      const row = y * width * 3;
      let i = row;
      for (let bx = 0; bx < blocksX; bx++) {
        const end = row + Math.min(width, (bx + 1) * BLOCK) * 3;
        let r = 0;
        let g = 0;
        let c = 0;
        for (; i < end; i += 3) {
          r += a[i]! - b[i]!;
          g += a[i + 1]! - b[i + 1]!;
          c += a[i + 2]! - b[i + 2]!;
        }
        const s = bx * 3;
        sums[s] = sums[s]! + r;
        sums[s + 1] = sums[s + 1]! + g;
        sums[s + 2] = sums[s + 2]! + c;
      }
    }
    for (let bx = 0; bx < blocksX; bx++) {
      const n = rows * (Math.min(width, (bx + 1) * BLOCK) - bx * BLOCK);
      for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(sums[bx * 3 + c]!) / n);
    }
  }
  return worst;
}
