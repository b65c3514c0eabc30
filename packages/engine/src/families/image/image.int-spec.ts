import { copyFile, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress } from '../../compress.js';
import { isEngineError } from '../../errors.js';
import { runProcess } from '../../process/run-process.js';
import { checkLadder, makeFixtures, writeCorrupt, writePngBomb, writeTruncated } from './image.test-support.js';
import { recompressImage } from './recompress.js';

let dir: string;
let fixtures: Record<string, string>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'image-family-'));
  fixtures = await makeFixtures(dir);
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const check = (ok: boolean, message: string) => expect(ok, message).toBe(true);

async function expectKind(promise: Promise<unknown>, kind: string): Promise<void> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(isEngineError(err), `expected EngineError ${kind}, got ${String(err)}`).toBe(true);
  expect((err as { kind: string }).kind).toBe(kind);
}

describe('image family on generated fixtures', () => {
  for (const name of ['photo.jpg', 'shot.png', 'alpha.png', 'anim.gif', 'photo.webp', 'photo.heic', 'shot.bmp', 'photo.tif', 'photo.avif']) {
    it(`${name}: every level valid, not larger, above its floor, monotonic`, async () => {
      const results = await checkLadder(fixtures[name] ?? '', dir, check);
      // These fixtures leave room to shrink: at least maximum must change the file.
      expect(results.maximum.unchanged, results.maximum.recipe).toBe(false);
    });
  }

  it('JPEG: orientation and colour profile kept, GPS and other EXIF removed', async () => {
    const input = fixtures['photo.jpg'] ?? '';
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes('ShrinklyTestCam')).toBe(true);
    const r = await compress(input, { level: 'balanced', tmpDir: dir });
    expect(r.unchanged).toBe(false);
    const after = await sharp(r.output).metadata();
    // Stored upright now: 640×480 sideways with orientation 6 displays as 480×640.
    expect([after.width, after.height]).toEqual([480, 640]);
    expect(after.orientation ?? 1).toBe(1);
    expect(after.icc?.length).toBe(before.icc?.length);
    expect(after.exif === undefined || !after.exif.includes('ShrinklyTestCam')).toBe(true);
    expect(after.exif?.includes(Buffer.from([0x25, 0x88])) ?? false).toBe(false); // the GPS IFD tag
  });

  it('BMP becomes a lossless PNG and says so', async () => {
    const r = await compress(fixtures['shot.bmp'] ?? '', { level: 'light', tmpDir: dir });
    expect(r.format).toBe('png');
    expect(r.output.endsWith('.png')).toBe(true);
    expect(r.metrics.ssim).toBe(1);
    const raw = async (file: string) => sharp(file).removeAlpha().raw().toBuffer();
    const decoded = path.join(dir, 'shot-from-bmp.png');
    await runProcess('ffmpeg', ['-v', 'error', '-y', '-i', fixtures['shot.bmp'] ?? '', decoded]);
    expect((await raw(r.output)).equals(await raw(decoded))).toBe(true);
  });

  it('GIF stays an animated GIF with the same frames and delays', async () => {
    const input = fixtures['anim.gif'] ?? '';
    const r = await compress(input, { level: 'maximum', tmpDir: dir });
    const [a, b] = await Promise.all([sharp(input, { animated: true }).metadata(), sharp(r.output, { animated: true }).metadata()]);
    expect(r.format).toBe('gif');
    expect(b.format).toBe('gif');
    expect(b.pages).toBe(a.pages);
    expect(b.delay).toEqual(a.delay);
    expect(b.loop).toBe(a.loop);
  });

  it('PNG light is lossless: the very same pixels', async () => {
    const input = fixtures['alpha.png'] ?? '';
    const r = await compress(input, { level: 'light', tmpDir: dir });
    const raw = async (file: string) => sharp(file).ensureAlpha().raw().toBuffer();
    expect((await raw(r.output)).equals(await raw(input))).toBe(true);
  });

  it('refuses a decompression bomb (a PNG declaring 100000×100000 pixels) quickly', async () => {
    const bomb = path.join(dir, 'bomb.png');
    await writePngBomb(bomb);
    const started = Date.now();
    await expectKind(compress(bomb, { tmpDir: dir }), 'invalid-input');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  // VP8 and HEVC payloads have no checksums (decoders conceal damage) and BMP pixels are raw: damage their headers.
  const damage: Record<string, [number, number]> = { 'photo.webp': [20, 40], 'shot.bmp': [14, 34], 'photo.heic': [16, 64] };
  for (const name of ['photo.jpg', 'shot.png', 'anim.gif', 'photo.webp', 'photo.heic', 'shot.bmp', 'photo.tif', 'photo.avif']) {
    it(`${name}: corrupt and truncated copies are invalid-input`, async () => {
      const ext = path.extname(name);
      const truncated = path.join(dir, `truncated-${name}`);
      const corrupt = path.join(dir, `corrupt-${name}`);
      await writeTruncated(fixtures[name] ?? '', truncated);
      await writeCorrupt(fixtures[name] ?? '', corrupt, damage[name]);
      await expectKind(compress(truncated, { tmpDir: dir, nameHint: `x${ext}` }), 'invalid-input');
      await expectKind(compress(corrupt, { tmpDir: dir, nameHint: `x${ext}` }), 'invalid-input');
    });
  }

  it('a cancelled call rejects with cancelled and leaves no work folder', async () => {
    const tmp = path.join(dir, 'cancel');
    await mkdir(tmp);
    const controller = new AbortController();
    const started = compress(fixtures['photo.heic'] ?? '', { level: 'maximum', tmpDir: tmp, signal: controller.signal });
    setTimeout(() => controller.abort(), 400);
    await expectKind(started, 'cancelled');
    expect((await readdir(tmp)).filter((n) => n.startsWith('shrinkly-work-'))).toEqual([]);
  });

  it('recompressImage: same format for embedded pictures, null when it cannot help', async () => {
    const work = await mkdtemp(path.join(dir, 'office-'));
    const ctx = { signal: new AbortController().signal, runProcess, workDir: work };
    const part = path.join(work, 'image1.jpeg');
    await copyFile(fixtures['photo.jpg'] ?? '', part);
    const r = await recompressImage(part, 'jpeg', 'balanced', ctx);
    expect(r).not.toBeNull();
    expect(r?.format).toBe('jpg');
    expect(r?.size).toBeLessThan((await stat(part)).size);
    expect((await sharp(r?.path ?? '').metadata()).format).toBe('jpeg');
    // BMP cannot stay BMP; a part whose name lies about its content; a damaged picture: all left alone.
    expect(await recompressImage(fixtures['shot.bmp'] ?? '', 'bmp', 'balanced', ctx)).toBeNull();
    expect(await recompressImage(fixtures['shot.png'] ?? '', 'jpeg', 'balanced', ctx)).toBeNull();
    const broken = path.join(work, 'broken.png');
    await writeTruncated(fixtures['shot.png'] ?? '', broken);
    expect(await recompressImage(broken, 'png', 'balanced', ctx)).toBeNull();
    expect((await recompressImage(fixtures['shot.bmp'] ?? '', 'bmp', 'light', ctx, { keepFormat: false }))?.format).toBe('png');
  });
});
