import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pixelSsim, SsimReference } from '../../quality/pixel-ssim.js';
import { colourShift } from './quality.js';

/** The colour shift as its definition reads: every 8×8 block (smaller at the edges), pixel by pixel. */
function shiftByDefinition(a: Uint8Array, b: Uint8Array, width: number): number {
  const height = Math.floor(Math.min(a.length, b.length) / (width * 3));
  let worst = 0;
  for (let top = 0; top < height; top += 8) {
    for (let left = 0; left < width; left += 8) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        let n = 0;
        for (let y = top; y < Math.min(height, top + 8); y++) {
          for (let x = left; x < Math.min(width, left + 8); x++) {
            const i = (y * width + x) * 3 + c;
            sum += (a[i] ?? 0) - (b[i] ?? 0);
            n++;
          }
        }
        worst = Math.max(worst, Math.abs(sum) / n);
      }
    }
  }
  return worst;
}

const picture = fc
  .record({ width: fc.integer({ min: 1, max: 40 }), height: fc.integer({ min: 1, max: 40 }) })
  .chain(({ width, height }) =>
    fc.record({
      width: fc.constant(width),
      a: fc.uint8Array({ minLength: width * height * 3, maxLength: width * height * 3 }),
      b: fc.uint8Array({ minLength: width * height * 3, maxLength: width * height * 3 }),
    }),
  );

describe('colourShift', () => {
  it('is the largest mean difference of any 8×8 block and channel, edge blocks included', () => {
    fc.assert(
      fc.property(picture, ({ width, a, b }) => {
        expect(colourShift(a, b, width)).toBeCloseTo(shiftByDefinition(a, b, width), 9);
      }),
    );
  });

  it('sees a colour lost in one corner block', () => {
    const width = 20;
    const a = new Uint8Array(width * 12 * 3).fill(100);
    const b = Uint8Array.from(a);
    for (let y = 8; y < 12; y++) for (let x = 16; x < 20; x++) b[(y * width + x) * 3] = 40;
    expect(colourShift(a, b, width)).toBe(60);
  });
});

describe('SsimReference', () => {
  it('keeps its planes between outputs without changing a figure: each as a fresh measurement gives it', () => {
    const geometry = { width: 24, pageHeight: 16, pages: 2 };
    const size = geometry.width * geometry.pageHeight * geometry.pages * 3;
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: size, maxLength: size }),
        fc.array(fc.uint8Array({ minLength: size, maxLength: size }), { minLength: 1, maxLength: 3 }),
        (reference, outputs) => {
          const kept = new SsimReference(reference, geometry);
          for (const output of outputs) expect(kept.against(output)).toBe(pixelSsim(reference, output, geometry));
        },
      ),
      { numRuns: 30 },
    );
  });
});
