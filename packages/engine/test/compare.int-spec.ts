import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPARE_MAX_SIDE } from '../src/compare.js';
import { compress } from '../src/compress.js';
import { photoLikePixels } from '../src/families/image/image.test-support.js';
import { writeImagePdf } from '../src/families/pdf/pdf.test-support.js';
import { runProcess } from '../src/process/run-process.js';

/** A rendition's format and size. */
const look = async (jpeg: Buffer) => {
  const { format, width, height } = await sharp(jpeg).metadata();
  return { format, width, height };
};

describe('before/after renditions', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'shrinkly-compare-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('draws a resized picture and its original at the same size, within the rendition limit', async () => {
    const photo = path.join(dir, 'photo.jpg');
    await sharp(photoLikePixels(2000, 1500), { raw: { width: 2000, height: 1500, channels: 3 } })
      .jpeg({ quality: 95 })
      .toFile(photo);
    const r = await compress(photo, { level: 'balanced', maxDimension: 1000, compare: true, tmpDir: dir });
    expect(r.compare?.map((p) => p.label)).toEqual(['Picture']);
    const [pair] = r.compare ?? [];
    expect(await look(pair!.after)).toEqual({ format: 'jpeg', width: 1000, height: 750 });
    expect(await look(pair!.before)).toEqual({ format: 'jpeg', width: 1000, height: 750 });
    // Without the option, none are made.
    expect((await compress(photo, { level: 'balanced', tmpDir: dir })).compare).toBeUndefined();
  });

  it("takes a tall video's stills within the limit, the original at the size of its resized result", async () => {
    const clip = path.join(dir, 'tall.mp4');
    const source = 'testsrc2=s=400x1600:r=25:d=1';
    await runProcess('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', source, '-c:v', 'libx264', '-crf', '14', clip]);
    const whole = await compress(clip, { level: 'light', compare: true, tmpDir: dir });
    const [still] = whole.compare ?? [];
    expect(await look(still!.after)).toEqual({ format: 'jpeg', width: 300, height: COMPARE_MAX_SIDE });
    expect(await look(still!.before)).toEqual({ format: 'jpeg', width: 300, height: COMPARE_MAX_SIDE });
    const resized = await compress(clip, { level: 'light', maxDimension: 800, compare: true, tmpDir: dir });
    const [small] = resized.compare ?? [];
    expect(await look(small!.after)).toEqual({ format: 'jpeg', width: 200, height: 800 });
    expect(await look(small!.before)).toEqual({ format: 'jpeg', width: 200, height: 800 });
  });

  it('draws HEIC and BMP pictures through their own decoders', async () => {
    const png = path.join(dir, 'small.png');
    await sharp(photoLikePixels(240, 180), { raw: { width: 240, height: 180, channels: 3 } })
      .png()
      .toFile(png);
    const heic = path.join(dir, 'small.heic');
    await runProcess('heif-enc', ['--quiet', '-q', '90', png, '-o', heic]);
    const bmp = path.join(dir, 'small.bmp');
    await runProcess('ffmpeg', ['-v', 'error', '-y', '-i', png, bmp]);
    for (const file of [heic, bmp]) {
      const r = await compress(file, { level: 'maximum', compare: true, tmpDir: dir });
      const [pair] = r.compare ?? [];
      expect(pair, path.basename(file)).toBeDefined();
      expect(await look(pair!.before)).toEqual({ format: 'jpeg', width: 240, height: 180 });
      expect(await look(pair!.after)).toEqual({ format: 'jpeg', width: 240, height: 180 });
    }
  });

  it('renders a PDF page by page and a video at the same moment, both sides alike', async () => {
    const pdf = path.join(dir, 'report.pdf');
    await writeImagePdf(pdf);
    const paged = await compress(pdf, { level: 'maximum', compare: true, tmpDir: dir });
    expect(paged.unchanged).toBe(false);
    expect(paged.compare?.map((p) => p.label)).toEqual(['Page 1', 'Page 2']);
    for (const { before, after } of paged.compare ?? []) {
      const [b, a] = [await look(before), await look(after)];
      expect(b).toEqual(a);
      expect(Math.max(a.width ?? 0, a.height ?? 0)).toBe(COMPARE_MAX_SIDE);
    }

    const clip = path.join(dir, 'clip.mp4');
    const source = 'testsrc2=s=320x240:r=25:d=2';
    await runProcess('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', source, '-c:v', 'libx264', '-crf', '12', clip]);
    const video = await compress(clip, { level: 'balanced', compare: true, tmpDir: dir });
    expect(video.compare).toHaveLength(1);
    expect(video.compare?.[0]?.label).toMatch(/^Frame at 0:0\d$/);
    const still = video.compare?.[0];
    expect(await look(still!.before)).toEqual({ format: 'jpeg', width: 320, height: 240 });
    expect(await look(still!.after)).toEqual({ format: 'jpeg', width: 320, height: 240 });
  });

  it('makes none for sound, whose before and after are heard', async () => {
    const song = path.join(dir, 'song.mp3');
    const noise = 'anoisesrc=color=pink:amplitude=0.2:d=3:r=44100';
    await runProcess('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', noise, '-ac', '2', '-b:a', '320k', song]);
    expect((await compress(song, { level: 'balanced', compare: true, tmpDir: dir })).compare).toEqual([]);
  });
});
