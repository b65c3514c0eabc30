import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress } from '../../compress.js';
import { EngineError } from '../../errors.js';
import { expectKind } from '../../errors.test-support.js';
import { type RunProcess, runProcess } from '../../process/run-process.js';
import { forceSandboxMode } from '../../process/sandbox.js';
import { SSIM_FLOOR } from '../../quality/ssim.js';
import { resultCache } from '../../result-cache.js';
import { framesAsShown } from '../../tools/image/animation-timing.js';
import { lavfi } from '../../tools/media/media.test-support.js';
import { isSrgbProfile } from './icc-profile.js';
import { imageFamily } from './image.family.js';
import {
  checkLadder,
  ffmpeg,
  makeFixtures,
  type TimedTrial,
  timedTrials,
  writeCorrupt,
  writePngBomb,
  writeTruncated,
} from './image.test-support.js';
import { prepareJob } from './prepare.js';
import { recompressImage } from './recompress.js';

let dir: string;
let fixtures: Record<string, string>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'image-family-'));
  fixtures = await makeFixtures(dir);
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const check = (ok: boolean, message: string) => expect(ok, message).toBe(true);

describe('image family on generated fixtures', () => {
  for (const name of [
    'photo.jpg',
    'shot.png',
    'alpha.png',
    'anim.gif',
    'photo.webp',
    'photo.heic',
    'shot.bmp',
    'photo.tif',
    'photo.avif',
  ]) {
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
    // A plain sRGB profile is left out (untagged pictures are read as sRGB); any other is kept.
    if (isSrgbProfile(before.icc)) expect(after.icc).toBeUndefined();
    else expect(after.icc?.length).toBe(before.icc?.length);
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
    const [a, b] = await Promise.all([
      sharp(input, { animated: true }).metadata(),
      sharp(r.output, { animated: true }).metadata(),
    ]);
    expect(r.format).toBe('gif');
    expect(b.format).toBe('gif');
    expect(b.pages).toBe(a.pages);
    expect(b.delay).toEqual(a.delay);
    expect(b.loop).toBe(a.loop);
  });

  it('GIF light keeps every pixel of every frame: the standard optimiser (gifsicle -O3) rewrites it when it is smallest', async () => {
    const input = fixtures['anim.gif'] ?? '';
    const r = await compress(input, { level: 'light', tmpDir: dir });
    expect(r.recipe).toContain('gifsicle -O3');
    expect(r.compressedSize).toBeLessThan(r.originalSize);
    const frames = async (file: string) => sharp(file, { animated: true }).ensureAlpha().raw().toBuffer();
    expect((await frames(r.output)).equals(await frames(input))).toBe(true);
    const meta = await sharp(r.output, { animated: true }).metadata();
    expect(meta.delay).toEqual((await sharp(input, { animated: true }).metadata()).delay);
  });

  it('a GIF whose frames repeat plays the same with each run of equal frames merged into one (gifsicle, cgif)', async () => {
    // Each picture shown for two frames: both encoders write one frame lasting both, which used to fail every trial.
    const input = path.join(dir, 'held-frames.gif');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=200x150:rate=5', '-t', '1', '-vf', 'fps=10', input]);
    const before = await sharp(input, { animated: true }).metadata();
    const frames = async (file: string) => sharp(file, { animated: true }).ensureAlpha().raw().toBuffer();
    const frameBytes = 200 * 150 * 4;
    const original = await frames(input);
    expect(before.pages).toBe(10);
    for (const level of ['light', 'balanced'] as const) {
      const r = await compress(input, { level, tmpDir: dir });
      expect(r.unchanged, r.recipe).toBe(false);
      expect(r.metrics.ssim).toBeGreaterThanOrEqual(SSIM_FLOOR[level]);
      const after = await sharp(r.output, { animated: true }).metadata();
      expect([after.pages, after.delay, after.loop]).toEqual([5, [200, 200, 200, 200, 200], before.loop]);
      // Each original frame is close to the output frame seen at its time (the pattern moves from frame to frame).
      const shown = framesAsShown(await frames(r.output), frameBytes, [0, 0, 1, 1, 2, 2, 3, 3, 4, 4], 1);
      let difference = 0;
      for (const [i, value] of original.entries()) difference += Math.abs(value - (shown[i] as number));
      expect(difference / original.length).toBeLessThan(1);
    }
  });

  it("estimates an animation longer than its window from the window's trials, whose timing is the window's own", async () => {
    // The estimate searches the first frames only: held to the whole file's timing, every trial failed.
    const input = path.join(dir, 'long-anim.gif');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=200x150:rate=10', '-t', '2', input]);
    const ctx = { signal: new AbortController().signal, onProgress: () => {}, workDir: await mkdtemp(path.join(dir, 'est-')) };
    const sizes = await imageFamily.estimate?.(input, { ext: 'gif', mime: 'image/gif', family: 'image' }, { ...ctx, runProcess });
    const real = await compress(input, { level: 'maximum', tmpDir: dir });
    expect(real.compressedSize).toBeLessThan(real.originalSize * 0.95);
    expect(sizes?.maximum).toBeLessThan(real.originalSize * 0.95);
  });

  it("a GIF of a dithered picture shrinks at light by lossy LZW (gifsicle --lossy), above light's floor", async () => {
    // Dithering is what lossless LZW and cgif's frame differencing cannot shrink: both leave this one within 2 %.
    const input = path.join(dir, 'dithered.gif');
    const picture = 'testsrc2=s=320x240:d=0.1,noise=alls=12';
    const dither = 'split[a][b];[a]palettegen[p];[b][p]paletteuse';
    await runProcess('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', picture, '-frames:v', '1', '-vf', dither, input]);
    const r = await compress(input, { level: 'light', tmpDir: dir });
    expect(r.recipe).toContain('gifsicle --lossy=');
    expect(r.compressedSize).toBeLessThan(r.originalSize * 0.9);
    expect(r.metrics.ssim).toBeGreaterThanOrEqual(SSIM_FLOOR.light);
  });

  it('GIFs still compress where gifsicle is not installed: cgif alone', async () => {
    const withoutGifsicle: RunProcess = (command, args, options) =>
      command === 'gifsicle'
        ? Promise.reject(new EngineError('tool-missing', 'gifsicle is not installed'))
        : runProcess(command, args, options);
    resultCache().clear();
    const r = await compress(fixtures['anim.gif'] ?? '', { level: 'light', tmpDir: dir, runProcess: withoutGifsicle });
    expect(r.format).toBe('gif');
    expect(r.recipe).not.toContain('gifsicle');
    expect(r.recipe).toContain('cgif');
  });

  it('PNG light is lossless: the very same pixels', async () => {
    const input = fixtures['alpha.png'] ?? '';
    const r = await compress(input, { level: 'light', tmpDir: dir });
    const raw = async (file: string) => sharp(file).ensureAlpha().raw().toBuffer();
    expect((await raw(r.output)).equals(await raw(input))).toBe(true);
    // Its one encode is the lossless repack: the standard tool's palette setting is no light candidate, and an
    // exact result meets any bar, so a light call does not make it.
    expect(r.unchanged).toBe(false);
    expect(r.metrics.trials).toBe(1);
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
    it(`${name}: corrupt and truncated copies are invalid-input, and leave nothing behind`, async () => {
      const ext = path.extname(name);
      const truncated = path.join(dir, `truncated-${name}`);
      const corrupt = path.join(dir, `corrupt-${name}`);
      await writeTruncated(fixtures[name] ?? '', truncated);
      await writeCorrupt(fixtures[name] ?? '', corrupt, damage[name]);
      // The standard setting's encode starts before the picture is found unreadable: it ends before the call answers.
      const tmpDir = await mkdtemp(path.join(dir, 'damaged-'));
      await expectKind(compress(truncated, { tmpDir, nameHint: `x${ext}` }), 'invalid-input');
      await expectKind(compress(corrupt, { tmpDir, nameHint: `x${ext}` }), 'invalid-input');
      expect(await readdir(tmpDir)).toEqual([]);
    });
  }

  it('a cancelled call rejects with cancelled and leaves no work folder', async () => {
    const tmp = path.join(dir, 'cancel');
    await mkdir(tmp);
    const controller = new AbortController();
    // The levels computed above are cached: this call must really run.
    resultCache().clear();
    const started = compress(fixtures['photo.heic'] ?? '', { level: 'maximum', tmpDir: tmp, signal: controller.signal });
    setTimeout(() => controller.abort(), 400);
    await expectKind(started, 'cancelled');
    expect((await readdir(tmp)).filter((n) => n.startsWith('shrinkly-work-'))).toEqual([]);
  });

  it('encodes the balanced start beside the standard setting, not after it: the same trials, one round sooner', async () => {
    // WebP's standard setting (cwebp -q 75, method 4) is another track than balanced's sharp-YUV one, whose search
    // starts at q75 whatever the standard setting gives.
    resultCache().clear();
    const { result, trials } = await timedTrials(() =>
      compress(fixtures['photo.webp'] ?? '', { level: 'balanced', tmpDir: dir }),
    );
    expect(result.format).toBe('webp');
    const anchor = trials.find((t) => t.track === 'webp-lossy-m4' && t.knob === 75);
    const balancedStart = trials.find((t) => t.track.endsWith('-sharp-yuv') && t.knob === 75);
    if (!anchor || !balancedStart) throw new Error(`no anchor or balanced start among ${JSON.stringify(trials)}`);
    expect(balancedStart.start).toBeLessThan(anchor.end);
    expect(anchor.start).toBeLessThan(balancedStart.end);
  });

  it("a sampled photo's standard setting is encoded at full size while its sample is searched, not after: the same result", async () => {
    // A 4:2:0 JPEG over the sampling threshold: balanced searches a mosaic of it, then encodes its pick at full size.
    // Its pick is the standard setting (mozjpeg q75), started beside the sample's own trial of it.
    const png = path.join(dir, 'sampled-photo.png');
    await ffmpeg(['-f', 'lavfi', '-i', 'mandelbrot=size=2000x1200:end_pts=2', '-frames:v', '1', '-update', '1', png]);
    const input = path.join(dir, 'sampled-photo.jpg');
    await sharp(png).jpeg({ quality: 92 }).toFile(input);
    resultCache().clear();
    const { result, trials } = await timedTrials(() => compress(input, { level: 'balanced', tmpDir: dir }));
    expect(result.recipe).toContain('mozjpeg q75 4:2:0');
    const sampled = trials.find((t) => t.source !== input && t.knob === 75);
    const full = trials.find((t) => t.source === input && t.knob === 75);
    if (!sampled || !full) throw new Error(`no sample and full-size q75 among ${JSON.stringify(trials)}`);
    expect(full.start).toBeLessThan(sampled.end);
    // The pick confirmed at full size is that file: no other full-size encode.
    expect(trials.filter((t) => t.source === input)).toHaveLength(1);
  });

  it('a HEIC result is the same bytes whatever the sandbox shows of the machine (x265 threads pinned)', async () => {
    const outputs: Buffer[] = [];
    try {
      for (const mode of [undefined, 'pdeathsig'] as const) {
        forceSandboxMode(mode);
        resultCache().clear();
        const r = await compress(fixtures['photo.heic'] ?? '', { level: 'balanced', tmpDir: dir });
        outputs.push(await readFile(r.output));
      }
    } finally {
      forceSandboxMode(undefined);
    }
    expect(outputs[0]?.equals(outputs[1] ?? Buffer.alloc(0))).toBe(true);
  });

  it("a smaller copy starts at its picture's setting: one encode when that keeps the floor, a search of its own when not", async () => {
    const input = path.join(dir, 'full-chroma-photo.jpg');
    // Full-colour chroma: searched on two tracks (4:2:0 and 4:4:4), so that a search takes several encodes.
    await sharp(path.join(dir, 'photo.png')).jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toFile(input);
    const type = { family: 'image' as const, ext: 'jpg', mime: 'image/jpeg' };
    const run = async (startAt?: { track: string; knob: number }) => {
      const workDir = await mkdtemp(path.join(dir, 'start-at-'));
      const ctx = { level: 'light' as const, signal: new AbortController().signal, runProcess, workDir, onProgress: () => {} };
      const { result, trials } = await timedTrials(() =>
        imageFamily.compress(input, type, { ...ctx, ...(startAt ? { startAt } : {}) }),
      );
      return { ...result, bytes: await readFile(result.path), trials: trials.length };
    };
    const searched = await run();
    if (!searched.setting) throw new Error('a recompressed picture names its setting');
    expect(searched.trials).toBeGreaterThan(1);
    // At the setting the search found: that very file, in one encode.
    const started = await run(searched.setting);
    expect(started.trials).toBe(1);
    expect(started.bytes.equals(searched.bytes)).toBe(true);
    // A setting too low for the level's floor, or of a track the picture does not have: searched as if none were given.
    for (const startAt of [
      { ...searched.setting, knob: 70 },
      { track: 'no-such-track', knob: 75 },
    ]) {
      const fallen = await run(startAt);
      expect(fallen.bytes.equals(searched.bytes), JSON.stringify(startAt)).toBe(true);
      expect(fallen.trials, JSON.stringify(startAt)).toBeGreaterThan(1);
    }
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

describe('image family on animated WebP', () => {
  const files: Record<string, string> = {};
  beforeAll(async () => {
    // 30 frames of 320×240 (2.3 MP over all frames, about 200 KB lossy): below the 4 MP where still pictures get
    // libwebp's slowest method. A fractal zoom for the lossy one, testsrc2 for the lossless one.
    const made = [
      ['anim-lossy.webp', 'mandelbrot=size=320x240:rate=10', ['-lossless', '0', '-quality', '75']],
      ['anim-lossless.webp', 'testsrc2=size=320x240:rate=10', ['-lossless', '1']],
    ] as const;
    for (const [name, source, quality] of made) {
      files[name] = path.join(dir, name);
      await lavfi(source, ['-t', '3', '-loop', '0', '-c:v', 'libwebp_anim', ...quality], files[name] ?? '');
    }
  });

  it("searches libwebp at method 4 (the standard setting's), and lossless at method 1", async () => {
    // libwebp's animation encoder at method 6 took 12-47 s per encode of a 200 KB animation: minutes per search.
    const ctx = { signal: new AbortController().signal, runProcess, workDir: await mkdtemp(path.join(dir, 'anim-job-')) };
    const lossy = ['webp-lossy-m4-sharp-yuv', 'webp-lossy-m4'];
    for (const [name, tracks] of [
      ['anim-lossy.webp', lossy],
      ['anim-lossless.webp', ['webp-lossless-m1', ...lossy]],
    ] as const) {
      const prepared = await prepareJob(files[name] ?? '', 'webp', ctx);
      if (!('job' in prepared)) throw new Error(prepared.keep);
      expect(prepared.job.source.animated).toBe(true);
      expect(
        prepared.job.tracks.map((t) => t.id),
        name,
      ).toEqual(tracks);
      expect(prepared.job.anchor?.track.id).toBe('webp-lossy-m4');
    }
  });

  for (const name of ['anim-lossy.webp', 'anim-lossless.webp']) {
    it(`${name}: every level valid, smaller at maximum above its floor, frames, delays and loop kept`, async () => {
      const input = files[name] ?? '';
      const results = await checkLadder(input, dir, check);
      expect(results.maximum.unchanged, results.maximum.recipe).toBe(false);
      const before = await sharp(input, { animated: true }).metadata();
      for (const r of Object.values(results)) {
        const after = await sharp(r.output, { animated: true }).metadata();
        expect([after.pages, after.delay, after.loop]).toEqual([before.pages, before.delay, before.loop]);
      }
      // A lossless animation gets a lossless candidate at light: the very same pixels.
      if (name === 'anim-lossless.webp') expect(results.light.recipe).toMatch(/^WebP lossless \(pixels unchanged\)/);
    });
  }
});

/** A photo-like picture: smooth gradients with fine noise (deterministic). */
function photoPixels(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = ((seed >> 16) % 17) - 8;
      const i = (y * width + x) * 3;
      const wave = 40 * Math.sin(x / 170) * Math.cos(y / 130);
      data[i] = Math.max(0, Math.min(255, (x * 200) / width + wave + n + 20));
      data[i + 1] = Math.max(0, Math.min(255, (y * 180) / height - wave / 2 + n + 30));
      data[i + 2] = Math.max(0, Math.min(255, 128 + wave + ((x + y) % 97) / 4 + n));
    }
  }
  return data;
}

/** A screenshot-like picture: flat panels, rows of "text" strokes and one gradient bar. */
function screenshotPixels(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 3, 245);
  let seed = 11;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed >> 8) / 0x7fffff;
  };
  const fill = (x0: number, y0: number, w: number, h: number, rgb: [number, number, number]) => {
    for (let y = y0; y < Math.min(height, y0 + h); y++) {
      for (let x = x0; x < Math.min(width, x0 + w); x++) data.set(rgb, (y * width + x) * 3);
    }
  };
  fill(0, 0, width, 60, [40, 44, 52]);
  fill(0, 60, 400, height - 60, [230, 232, 236]);
  for (let y = 100; y < height - 200; y += 28) {
    let x = 440 + Math.floor(rand() * 40);
    while (x < width - 200) {
      const word = 20 + Math.floor(rand() * 90);
      for (let k = 0; k < word; k += 3) fill(x + k, y + Math.floor(rand() * 4), 2, 10 + Math.floor(rand() * 4), [30, 30, 30]);
      x += word + 12;
    }
    if (rand() < 0.1) fill(440, y, 300, 20, [66, 133, 244]);
  }
  for (let y = height - 150; y < height - 50; y++) {
    for (let x = 0; x < width; x++) data.set([Math.floor((x * 255) / width), 120, 200], (y * width + x) * 3);
  }
  return data;
}

describe('image family estimate (large pictures)', () => {
  const ctxFor = async (name: string) => ({
    signal: new AbortController().signal,
    onProgress: () => {},
    workDir: await mkdtemp(path.join(dir, `estimate-${name}-`)),
    runProcess,
  });

  async function checkEstimate(file: string, ext: string, mime: string): Promise<{ estimateTrials: TimedTrial[] }> {
    const originalSize = (await stat(file)).size;
    let started = Date.now();
    const ctx = await ctxFor(ext);
    const estimated = await timedTrials(async () => imageFamily.estimate?.(file, { ext, mime, family: 'image' }, ctx));
    const sizes = estimated.result;
    const estimateMs = Date.now() - started;
    started = Date.now();
    const real = await compress(file, { level: 'balanced', tmpDir: dir });
    const compressMs = Date.now() - started;
    console.log(
      `estimate ${path.basename(file)} (${originalSize} B): ${JSON.stringify(sizes)} in ${estimateMs} ms; real balanced ${real.compressedSize} B in ${compressMs} ms`,
    );
    expect(sizes).toBeDefined();
    const { light, balanced, maximum } = sizes ?? { light: NaN, balanced: NaN, maximum: NaN };
    for (const v of [light, balanced, maximum]) {
      expect(Number.isInteger(v)).toBe(true);
      expect(v).toBeGreaterThan(0);
      expect(v).toBeLessThanOrEqual(originalSize);
    }
    expect(maximum).toBeLessThanOrEqual(balanced);
    expect(balanced).toBeLessThanOrEqual(light);
    expect(balanced).toBeLessThanOrEqual(real.compressedSize * 2);
    expect(balanced).toBeGreaterThanOrEqual(real.compressedSize / 2);
    return { estimateTrials: estimated.trials };
  }

  it('estimate: 4000×3000 JPEG photo, sampled, close to the real result, never encoding the whole picture', async () => {
    const file = path.join(dir, 'big-photo.jpg');
    await sharp(photoPixels(4000, 3000), { raw: { width: 4000, height: 3000, channels: 3 } })
      .jpeg({ quality: 95 })
      .toFile(file);
    const { estimateTrials } = await checkEstimate(file, 'jpg', 'image/jpeg');
    // The estimate gives every level from its small mosaic alone; compressing at any level encodes the whole picture
    // (its pick, at least), 12 times the mosaic's pixels.
    expect(estimateTrials.length).toBeGreaterThan(0);
    expect(estimateTrials.filter((t) => t.source === file)).toEqual([]);
    resultCache().clear();
    const compressed = await timedTrials(() => compress(file, { level: 'maximum', tmpDir: dir }));
    expect(compressed.trials.some((t) => t.source === file)).toBe(true);
    const cancelled = { ...(await ctxFor('cancelled')), signal: AbortSignal.abort() };
    await expectKind(
      imageFamily.estimate?.(file, { ext: 'jpg', mime: 'image/jpeg', family: 'image' }, cancelled) ?? Promise.resolve(),
      'cancelled',
    );
  }, 300_000);

  it('estimate: 3000×2000 PNG screenshot, sampled, close to the real result', async () => {
    const file = path.join(dir, 'big-shot.png');
    await sharp(screenshotPixels(3000, 2000), { raw: { width: 3000, height: 2000, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toFile(file);
    await checkEstimate(file, 'png', 'image/png');
  }, 300_000);
});
