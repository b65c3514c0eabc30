import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pixelSsim, SsimReference } from './pixel-ssim.js';

/** One RGB24 pixel as swscale converts it to limited-range BT.601 YUV (15-bit fixed point). */
function yuvOf(r: number, g: number, b: number): [number, number, number] {
  return [
    (8414 * r + 16519 * g + 3208 * b + 524288 + 16384) >> 15,
    (-4857 * r - 9535 * g + 14392 * b + 4194304 + 16384) >> 15,
    (14392 * r - 12052 * g - 2341 * b + 4194304 + 16384) >> 15,
  ];
}

/**
 * ffmpeg's SSIM written as its definition reads, window by window: every 8×8 window at a 4-pixel stride that lies
 * within the plane's whole 4×4 blocks, its sums taken pixel by pixel, the windows averaged per plane, the planes
 * and then the frames averaged.
 */
function definitionSsim(a: Uint8Array, b: Uint8Array, width: number, height: number, pages: number): number {
  const c1 = Math.trunc(0.01 * 0.01 * 255 * 255 * 64 + 0.5);
  const c2 = Math.trunc(0.03 * 0.03 * 255 * 255 * 64 * 63 + 0.5);
  const blocksX = width >> 2;
  const blocksY = height >> 2;
  let sum = 0;
  for (let page = 0; page < pages; page++) {
    const at = (rgb: Uint8Array, x: number, y: number, plane: number) => {
      const p = ((page * height + y) * width + x) * 3;
      return yuvOf(rgb[p]!, rgb[p + 1]!, rgb[p + 2]!)[plane]!;
    };
    let frame = 0;
    for (let plane = 0; plane < 3; plane++) {
      if (blocksX < 2 || blocksY < 2) {
        frame += 1;
        continue;
      }
      let total = 0;
      for (let wy = 0; wy < blocksY - 1; wy++) {
        for (let wx = 0; wx < blocksX - 1; wx++) {
          let s1 = 0;
          let s2 = 0;
          let ss = 0;
          let s12 = 0;
          for (let y = wy * 4; y < wy * 4 + 8; y++) {
            for (let x = wx * 4; x < wx * 4 + 8; x++) {
              const p = at(a, x, y, plane);
              const q = at(b, x, y, plane);
              s1 += p;
              s2 += q;
              ss += p * p + q * q;
              s12 += p * q;
            }
          }
          const vars = ss * 64 - s1 * s1 - s2 * s2;
          const covar = s12 * 64 - s1 * s2;
          total += ((2 * s1 * s2 + c1) * (2 * covar + c2)) / ((s1 * s1 + s2 * s2 + c1) * (vars + c2));
        }
      }
      frame += total / ((blocksY - 1) * (blocksX - 1));
    }
    sum += frame / 3;
  }
  return sum / pages;
}

const picture = fc
  .record({
    width: fc.integer({ min: 1, max: 40 }),
    height: fc.integer({ min: 1, max: 30 }),
    pages: fc.integer({ min: 1, max: 3 }),
  })
  .chain(({ width, height, pages }) => {
    const bytes = width * height * pages * 3;
    return fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      pages: fc.constant(pages),
      reference: fc.uint8Array({ minLength: bytes, maxLength: bytes }),
      // How far each output byte strays from the reference's (0 for an exact copy).
      noise: fc.uint8Array({ minLength: bytes, maxLength: bytes }),
      spread: fc.integer({ min: 0, max: 255 }),
    });
  });

describe('SsimReference', () => {
  it("measures every output as SSIM's definition does, to the last bit, however often the reference is reused", () => {
    fc.assert(
      fc.property(picture, ({ width, height, pages, reference, noise, spread }) => {
        const output = reference.map((v, i) => Math.max(0, Math.min(255, v + Math.round(((noise[i]! - 128) * spread) / 255))));
        const g = { width, pageHeight: height, pages };
        const kept = new SsimReference(reference, g);
        const expected = definitionSsim(reference, output, width, height, pages);
        expect(kept.against(output)).toBe(expected);
        // The reference's sums, kept from the first measurement, give the same answer to another output.
        expect(kept.against(reference)).toBe(1);
        expect(kept.against(output)).toBe(pixelSsim(reference, output, g));
      }),
      { numRuns: 150 },
    );
  });
});
