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

/** A photo-like JPEG with the given embedded profile. */
async function photoWith(profile: 'srgb' | 'p3', name: string): Promise<string> {
  const width = 320;
  const height = 240;
  const pixels = photoLikePixels(width, height);
  const file = path.join(dir, name);
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .withIccProfile(profile)
    .jpeg({ quality: 95 })
    .toFile(file);
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
});
