import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress } from '../../compress.js';
import { isSrgbProfile } from './icc-profile.js';
import { photoLikePixels } from './image.test-support.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'icc-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A photo-like JPEG (or a lossless PNG) with the given embedded profile. */
async function photoWith(profile: 'srgb' | 'p3', name: string): Promise<string> {
  const width = 320;
  const height = 240;
  const pixels = photoLikePixels(width, height);
  const file = path.join(dir, name);
  const picture = sharp(pixels, { raw: { width, height, channels: 3 } }).withIccProfile(profile);
  await (name.endsWith('.png') ? picture.png() : picture.jpeg({ quality: 95 })).toFile(file);
  return file;
}

describe('colour profiles', () => {
  it('tells a plain sRGB profile from others', async () => {
    const srgb = (await sharp(await photoWith('srgb', 'a.jpg')).metadata()).icc;
    const p3 = (await sharp(await photoWith('p3', 'b.jpg')).metadata()).icc;
    expect(isSrgbProfile(srgb)).toBe(true);
    expect(isSrgbProfile(p3)).toBe(false);
    expect(isSrgbProfile(undefined)).toBe(false);
    expect(isSrgbProfile(Buffer.alloc(200))).toBe(false);
  });

  it('leaves a plain sRGB profile out of the result and keeps any other', async () => {
    const fromSrgb = await compress(await photoWith('srgb', 'srgb.jpg'), { level: 'balanced', tmpDir: dir });
    const fromP3 = await compress(await photoWith('p3', 'p3.jpg'), { level: 'balanced', tmpDir: dir });
    expect((await sharp(fromSrgb.output).metadata()).icc).toBeUndefined();
    expect(fromSrgb.recipe).toContain('sRGB colour profile left out');
    expect(isSrgbProfile((await sharp(fromP3.output).metadata()).icc)).toBe(false);
    expect((await sharp(fromP3.output).metadata()).icc).toBeDefined();
  });

  it("leaves a plain sRGB profile out of a PNG's lossless repack too, and keeps any other", async () => {
    // The repack works from the PNG's own chunks: it used to keep the sRGB profile the recipe says was left out.
    const fromSrgb = await compress(await photoWith('srgb', 'srgb.png'), { level: 'light', tmpDir: dir });
    const fromP3 = await compress(await photoWith('p3', 'p3.png'), { level: 'light', tmpDir: dir });
    for (const r of [fromSrgb, fromP3]) expect(r.recipe).toMatch(/^lossless PNG optimisation/);
    expect((await sharp(fromSrgb.output).metadata()).icc).toBeUndefined();
    expect(fromSrgb.recipe).toContain('sRGB colour profile left out');
    expect(isSrgbProfile((await sharp(fromP3.output).metadata()).icc)).toBe(false);
    expect((await sharp(fromP3.output).metadata()).icc).toBeDefined();
  });
});
