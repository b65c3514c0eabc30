import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress } from './compress.js';
import { isEngineError } from './errors.js';
import { estimate } from './estimate.js';
import { photoLikePixels } from './families/image/image.test-support.js';
import { configureResultCache, ENGINE_VERSION, ResultCache, resultCache } from './result-cache.js';

let dir: string;
let photo: string;
let screenshot: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'engine-cache-'));
  // A noisy gradient photo and a flat screenshot with transparency: JPEG and PNG take different tracks.
  const width = 640;
  const height = 480;
  const pixels = photoLikePixels(width, height);
  photo = path.join(dir, 'photo.jpg');
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toFile(photo);
  screenshot = path.join(dir, 'shot.png');
  const shot = sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 240, g: 240, b: 250, alpha: 1 } } });
  const box = await sharp({ create: { width: 120, height: 80, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.6 } } })
    .png()
    .toBuffer();
  await shot
    .composite([{ input: box, left: 40, top: 30 }])
    .png({ compressionLevel: 0 })
    .toFile(screenshot);
});

afterAll(async () => {
  configureResultCache({});
  await rm(dir, { recursive: true, force: true });
});

describe('result cache', () => {
  it("serves the compression that follows a preview of the same file from the preview's run", async () => {
    configureResultCache({});
    const preview = await estimate(photo, { tmpDir: dir });
    const cache = resultCache();
    expect(cache.size).toBe(3);
    const hitsBefore = cache.hits;
    for (const level of ['light', 'balanced', 'maximum'] as const) {
      const r = await compress(photo, { level, tmpDir: dir });
      expect(r.compressedSize).toBe(preview.sizes[level]);
    }
    expect(cache.hits - hitsBefore).toBe(3);
  });

  it('gives the same bytes from the cache as from a fresh run', async () => {
    configureResultCache({});
    const fresh = await compress(screenshot, { level: 'balanced', tmpDir: dir });
    const again = await compress(screenshot, { level: 'balanced', tmpDir: dir });
    expect(resultCache().hits).toBe(1);
    configureResultCache({});
    const rerun = await compress(screenshot, { level: 'balanced', tmpDir: dir });
    expect(resultCache().hits).toBe(0);
    const bytes = await readFile(fresh.output);
    expect(bytes.equals(await readFile(again.output))).toBe(true);
    expect(bytes.equals(await readFile(rerun.output))).toBe(true);
  });

  it("keeps balanced's result from a run asked for another level, which searched balanced anyway", async () => {
    configureResultCache({});
    const maximum = await compress(photo, { level: 'maximum', tmpDir: dir });
    expect(resultCache().size).toBe(2);
    const balanced = await compress(photo, { level: 'balanced', tmpDir: dir });
    expect(resultCache().hits).toBe(1);
    configureResultCache({});
    const fresh = await compress(photo, { level: 'balanced', tmpDir: dir });
    expect((await readFile(balanced.output)).equals(await readFile(fresh.output))).toBe(true);
    expect(maximum.compressedSize).toBeLessThanOrEqual(balanced.compressedSize);
  });

  it('misses when the engine version changes', async () => {
    configureResultCache({ version: ENGINE_VERSION });
    await compress(photo, { level: 'balanced', tmpDir: dir });
    configureResultCache({ version: `${ENGINE_VERSION}-next` });
    await compress(photo, { level: 'balanced', tmpDir: dir });
    expect(resultCache().hits).toBe(0);
    expect(resultCache().misses).toBe(1);
  });

  it('keeps at most its size in bytes, dropping the least recently used', () => {
    const cache = new ResultCache({ maxBytes: 1000 });
    const entry = (n: number) => ({ bytes: Buffer.alloc(n), format: 'png', recipe: 'r', metrics: {}, score: 1, notes: [] });
    cache.set('a', 'light', entry(200));
    cache.set('b', 'light', entry(200));
    cache.set('c', 'light', entry(200));
    expect(cache.get('a', 'light')).toBeDefined();
    cache.set('d', 'light', entry(200));
    cache.set('e', 'light', entry(200));
    // 1000 bytes hold five entries; a sixth pushes out the least recently used ('b', since 'a' was read).
    cache.set('f', 'light', entry(200));
    expect(cache.get('b', 'light')).toBeUndefined();
    expect(cache.get('a', 'light')).toBeDefined();
    // An output larger than a quarter of the bound is not kept.
    cache.set('g', 'light', entry(300));
    expect(cache.get('g', 'light')).toBeUndefined();
  });
});

describe('cancel during a parallel search', () => {
  it('leaves no work folder whenever it comes', async () => {
    // A noisy picture large enough for the search to last: PNG searches three tracks side by side.
    const big = path.join(dir, 'big.png');
    await sharp(photo).resize(1600, 1200).png().toFile(big);
    let cancelled = 0;
    for (const after of [0, 30, 120, 300, 600]) {
      configureResultCache({ maxBytes: 0 });
      const tmp = path.join(dir, `cancel-${after}`);
      await mkdir(tmp);
      const controller = new AbortController();
      const started = compress(big, { level: 'maximum', tmpDir: tmp, signal: controller.signal });
      setTimeout(() => controller.abort(), after);
      const outcome = await started.then(
        (r) => ({ done: r }),
        (err: unknown) => ({ err }),
      );
      if ('err' in outcome) {
        expect(isEngineError(outcome.err) && outcome.err.kind, `cancel after ${after} ms`).toBe('cancelled');
        cancelled++;
      }
      expect(
        (await readdir(tmp)).filter((n) => n.startsWith('shrinkly-work-')),
        `cancel after ${after} ms`,
      ).toEqual([]);
    }
    expect(cancelled).toBeGreaterThanOrEqual(3);
  });
});
