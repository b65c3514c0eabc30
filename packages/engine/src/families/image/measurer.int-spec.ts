import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../../process/run-process.js';
import { SsimReference } from '../../quality/pixel-ssim.js';
import { decodeOpaque, decodePixels, type ImageSource } from './image-io.js';
import { Measurer } from './measurer.js';
import { prepareJob } from './prepare.js';
import { colourShift } from './quality.js';
import type { Track } from './search.js';

const W = 96;
const H = 64;

/** RGBA pixels: a colour pattern, every pixel at `alpha(x)`. */
function rgba(alpha: (x: number) => number): Buffer {
  const data = Buffer.alloc(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4;
      data.set([(x * 7 + y) % 256, (y * 5) % 256, (x * y) % 256, alpha(x)], i);
    }
  }
  return data;
}

const png = (data: Buffer, file: string) =>
  sharp(data, { raw: { width: W, height: H, channels: 4 } })
    .png()
    .toFile(file);

/** A track whose every setting writes the same prepared file: what an encoder that adds transparency would give. */
const writes = (file: string): Track => ({
  id: 'fixed',
  stages: { balanced: { min: 50, max: 50, start: 50 } },
  precision: 1,
  encode: (_source, _knob, out) => copyFile(file, out),
  describe: () => 'fixed output',
});

describe('measuring pictures whose alpha channel is opaque everywhere', () => {
  let dir: string;
  const files: Record<string, string> = {};
  const source = (name: string): ImageSource => ({ path: files[name] ?? '', animated: false, autoOrient: false });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'measurer-'));
    for (const [name, alpha] of [
      ['opaque.png', () => 255],
      ['translucent.png', (x: number) => (x < W / 2 ? 255 : 128)],
      ['one-hole.png', (x: number) => (x === W - 1 ? 254 : 255)],
    ] as const) {
      files[name] = path.join(dir, name);
      await png(rgba(alpha), files[name]);
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('decodes an opaque picture once, as the colour its flattenings show, and refuses any see-through pixel', async () => {
    const once = await decodeOpaque(source('opaque.png'));
    const flattened = await decodePixels(source('opaque.png'), true);
    expect(once).not.toBeNull();
    expect(once?.pages).toBe(1);
    // Over black and over white the same pixels: the first flattening is exactly what is measured now.
    expect(flattened.pages).toBe(2);
    expect(once?.data.equals(flattened.data.subarray(0, W * H * 3))).toBe(true);
    expect(await decodeOpaque(source('translucent.png'))).toBeNull();
    expect(await decodeOpaque(source('one-hole.png'))).toBeNull();
  });

  it('measures opaque outputs of an opaque picture as colour only, and one with see-through pixels as both flattenings', async () => {
    const ctx = { signal: new AbortController().signal, onProgress: () => {}, runProcess, workDir: dir };
    const prepared = await prepareJob(files['opaque.png'] ?? '', 'png', ctx);
    if (!('job' in prepared)) throw new Error(prepared.keep);
    expect(prepared.job.alpha).toBe(true);
    const measurer = new Measurer(prepared.job, ctx, 2);
    const ref = await measurer.reference(prepared.job.source, prepared.job.alpha);
    expect(ref).toMatchObject({ alpha: false, opaque: true, pages: 1 });

    const same = await measurer.trial(writes(files['opaque.png'] ?? ''), 50, prepared.job.source, ref);
    expect(same).toMatchObject({ ssim: 1, shift: 0 });
    // One pixel column at 254 (as an encoder that codes alpha with loss might give): scored as the two flattenings of
    // both pictures would be, the measure a translucent picture gets.
    const holed = await measurer.trial(writes(files['one-hole.png'] ?? ''), 50, prepared.job.source, ref);
    const [before, after] = await Promise.all(['opaque.png', 'one-hole.png'].map((name) => decodePixels(source(name), true)));
    if (!before || !after) throw new Error('not decoded');
    expect(holed.ssim).toBeLessThan(1);
    expect(holed.ssim).toBeCloseTo(new SsimReference(before.data, before).against(after.data), 12);
    expect(holed.shift).toBe(colourShift(before.data, after.data, W));

    // A picture that uses its alpha is still measured over black and over white.
    const translucent = await prepareJob(files['translucent.png'] ?? '', 'png', ctx);
    if (!('job' in translucent)) throw new Error(translucent.keep);
    const translucentRef = await measurer.reference(translucent.job.source, true);
    expect(translucentRef).toMatchObject({ alpha: true, opaque: false, pages: 2 });
  });
});
