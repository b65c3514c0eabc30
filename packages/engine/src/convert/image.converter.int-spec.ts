import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../corpus-ladder.test-support.js';
import { detect } from '../detect.js';
import { isEngineError } from '../errors.js';
import { writePngBomb } from '../families/image/image.test-support.js';
import { runProcess } from '../process/run-process.js';
import { imageConverter } from './image.converter.js';
import type { ConverterOutput } from './types.js';

const exec = promisify(execFile);
let dir: string;
const f = (name: string) => path.join(dir, name);

async function ffmpeg(args: string[]): Promise<void> {
  await exec('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args]);
}

async function convert(file: string, target: string): Promise<ConverterOutput> {
  const workDir = await mkdtemp(path.join(dir, 'work-'));
  return imageConverter.convert(file, await detect(file), {
    target,
    signal: new AbortController().signal,
    onProgress: () => {},
    workDir,
    runProcess,
  });
}

async function failure(file: string, target: string): Promise<unknown> {
  return convert(file, target).then(
    () => undefined,
    (e: unknown) => e,
  );
}

/** Size and frame count as sharp reads the file, independently of the converter. */
async function shapeOf(file: string): Promise<{ format?: string; width?: number; height?: number; pages: number }> {
  const m = await sharp(file, { animated: true }).metadata();
  return { format: m.format, width: m.width, height: m.pageHeight ?? m.height, pages: m.pages ?? 1 };
}

/** Keeps the first bytes (the type is still detected), then pseudo-random garbage. */
async function writeGarbage(from: string, to: string, keep = 64): Promise<void> {
  const bytes = await readFile(from);
  const garbage = Buffer.alloc(Math.max(4096, bytes.length - keep));
  for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) % 251;
  await writeFile(to, Buffer.concat([bytes.subarray(0, keep), garbage]));
}

async function writeTruncated(from: string, to: string, share = 0.6): Promise<void> {
  const bytes = await readFile(from);
  await writeFile(to, bytes.subarray(0, Math.floor(bytes.length * share)));
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'image-convert-'));
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x240', '-frames:v', '1', '-update', '1', f('shot.png')]);
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10', '-t', '1', f('anim.gif')]);
  await ffmpeg(['-i', f('shot.png'), f('shot.bmp')]);
  const shot = sharp(f('shot.png'));
  // Left third fully transparent: flattened outputs must show white there.
  const rgb = await shot.clone().removeAlpha().raw().toBuffer();
  const rgba = Buffer.alloc(320 * 240 * 4);
  for (let i = 0; i < 320 * 240; i++) {
    rgb.copy(rgba, i * 4, i * 3, i * 3 + 3);
    rgba[i * 4 + 3] = i % 320 < 100 ? 0 : 255;
  }
  await sharp(rgba, { raw: { width: 320, height: 240, channels: 4 } })
    .png()
    .toFile(f('alpha.png'));
  // Stored sideways with EXIF orientation 6: displays as 240 × 320.
  await shot.clone().withMetadata({ orientation: 6 }).jpeg({ quality: 90 }).toFile(f('sideways.jpg'));
  await shot.clone().webp({ quality: 80 }).toFile(f('shot.webp'));
  await shot.clone().avif({ quality: 60 }).toFile(f('shot.avif'));
  await shot.clone().tiff({ compression: 'deflate' }).toFile(f('shot.tif'));
  await shot.clone().jpeg({ quality: 90 }).toFile(f('shot.jpg'));
  await runProcess('heif-enc', ['-q', '60', '-o', f('shot.heic'), f('shot.png')]);
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('imageConverter targets', () => {
  it('offers every target except the input format', () => {
    expect(imageConverter.id).toBe('image');
    expect(imageConverter.targets('png')).toEqual(['jpg', 'webp', 'gif', 'avif', 'tiff', 'bmp', 'pdf']);
    expect(imageConverter.targets('jpg')).toEqual(['png', 'webp', 'gif', 'avif', 'tiff', 'bmp', 'pdf']);
    expect(imageConverter.targets('tif')).toEqual(['jpg', 'png', 'webp', 'gif', 'avif', 'bmp', 'pdf']);
    expect(imageConverter.targets('heic')).toEqual(['jpg', 'png', 'webp', 'gif', 'avif', 'tiff', 'bmp', 'pdf']);
    expect(imageConverter.targets('bmp')).not.toContain('bmp');
    expect(imageConverter.targets('mp4')).toEqual([]);
    expect(imageConverter.targets('pdf')).toEqual([]);
  });

  it('refuses a pair it does not offer', async () => {
    const err = await failure(f('shot.png'), 'png');
    expect(isEngineError(err, 'unsupported'), String(err)).toBe(true);
  });
});

describe('imageConverter from PNG', () => {
  const formats: Record<string, string> = { jpg: 'jpeg', webp: 'webp', avif: 'heif', gif: 'gif', tiff: 'tiff' };
  for (const [target, format] of Object.entries(formats)) {
    it(`png → ${target}`, async () => {
      const progress: number[] = [];
      const workDir = await mkdtemp(path.join(dir, 'work-'));
      const r = await imageConverter.convert(f('shot.png'), await detect(f('shot.png')), {
        target,
        signal: new AbortController().signal,
        onProgress: (p) => progress.push(p),
        workDir,
        runProcess,
      });
      expect(r.format).toBe(target);
      expect(r.path.endsWith(`.${target}`)).toBe(true);
      expect(r.checks).toEqual({ width: 320, height: 240 });
      expect(await shapeOf(r.path)).toEqual({ format, width: 320, height: 240, pages: 1 });
      expect((await detect(r.path)).ext).toBe(target === 'tiff' ? 'tif' : target);
      expect(progress.every((p, i) => p >= 0 && p <= 100 && (i === 0 || p >= progress[i - 1]!))).toBe(true);
    });
  }

  it('png → bmp: a 24-bit BMP that ffmpeg decodes to the same pixels', async () => {
    const r = await convert(f('shot.png'), 'bmp');
    expect(r.checks).toEqual({ width: 320, height: 240 });
    expect((await detect(r.path)).ext).toBe('bmp');
    const head = await readFile(r.path);
    expect(head.toString('latin1', 0, 2)).toBe('BM');
    expect(head.readUInt16LE(28)).toBe(24);
    const decoded = f('bmp-decoded.png');
    await ffmpeg(['-i', r.path, '-frames:v', '1', '-update', '1', decoded]);
    const [a, b] = await Promise.all([
      sharp(f('shot.png')).removeAlpha().raw().toBuffer(),
      sharp(decoded).removeAlpha().raw().toBuffer(),
    ]);
    expect(b.equals(a)).toBe(true);
    // Rows of an odd width are padded to 4 bytes.
    await sharp(f('shot.png')).extract({ left: 0, top: 0, width: 33, height: 17 }).toFile(f('odd.png'));
    const odd = await convert(f('odd.png'), 'bmp');
    expect(odd.checks).toEqual({ width: 33, height: 17 });
    await ffmpeg(['-i', odd.path, '-frames:v', '1', '-update', '1', f('odd-decoded.png')]);
    const [c, d] = await Promise.all([
      sharp(f('odd.png')).removeAlpha().raw().toBuffer(),
      sharp(f('odd-decoded.png')).removeAlpha().raw().toBuffer(),
    ]);
    expect(d.equals(c)).toBe(true);
  });

  it('png → pdf: one page sized to the picture, a valid file with the picture as a JPEG', async () => {
    const r = await convert(f('shot.png'), 'pdf');
    expect(r.checks).toEqual({ width: 320, height: 240, pages: 1 });
    expect((await detect(r.path)).ext).toBe('pdf');
    const { stdout: info } = await exec('pdfinfo', [r.path]);
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(/^Page size:\s+320 x 240 pts/m);
    // qpdf checks the cross-reference offsets and the object structure strictly.
    const { stdout: check } = await exec('qpdf', ['--check', r.path]);
    expect(check).toMatch(/No syntax or stream encoding errors/);
    const { stdout: images } = await exec('pdfimages', ['-list', r.path]);
    expect(images).toMatch(/^\s*1\s+0\s+image\s+320\s+240\s+rgb\s+3\s+8\s+jpeg/m);
    await exec('pdftoppm', ['-r', '72', '-png', '-singlefile', r.path, f('pdf-page')]);
    expect(await shapeOf(f('pdf-page.png'))).toMatchObject({ width: 320, height: 240 });
  });

  it('transparency becomes white in JPEG, and stays in WebP', async () => {
    const jpg = await convert(f('alpha.png'), 'jpg');
    const { data, info } = await sharp(jpg.path).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    for (const value of at(20, 120)) expect(value).toBeGreaterThan(245);
    const webp = await convert(f('alpha.png'), 'webp');
    expect((await sharp(webp.path).metadata()).hasAlpha).toBe(true);
  });

  it('a large picture goes on a page no bigger than A4, keeping its pixels', async () => {
    await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3366aa' } })
      .png()
      .toFile(f('big.png'));
    const r = await convert(f('big.png'), 'pdf');
    expect(r.checks).toEqual({ width: 2400, height: 1600, pages: 1 });
    const { stdout } = await exec('pdfinfo', [r.path]);
    const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(stdout) ?? [];
    expect(Number(w)).toBeLessThanOrEqual(842);
    expect(Number(h)).toBeLessThanOrEqual(595);
    expect(Number(w) / Number(h)).toBeCloseTo(1.5, 2);
  });
});

describe('imageConverter from the other formats', () => {
  it('jpg with EXIF orientation 6 → png is stored upright', async () => {
    const r = await convert(f('sideways.jpg'), 'png');
    expect(r.checks).toEqual({ width: 240, height: 320 });
    const m = await sharp(r.path).metadata();
    expect([m.width, m.height, m.orientation ?? 1]).toEqual([240, 320, 1]);
  });

  it('heic → jpg', async () => {
    const r = await convert(f('shot.heic'), 'jpg');
    expect(r.checks).toEqual({ width: 320, height: 240 });
    expect(await shapeOf(r.path)).toEqual({ format: 'jpeg', width: 320, height: 240, pages: 1 });
  });

  it('bmp → png keeps every pixel', async () => {
    const r = await convert(f('shot.bmp'), 'png');
    expect(r.checks).toEqual({ width: 320, height: 240 });
    const [a, b] = await Promise.all([
      sharp(f('shot.png')).removeAlpha().raw().toBuffer(),
      sharp(r.path).removeAlpha().raw().toBuffer(),
    ]);
    expect(b.equals(a)).toBe(true);
  });

  it('animated gif → webp keeps every frame and its timing; → png takes the first frame', async () => {
    const r = await convert(f('anim.gif'), 'webp');
    expect(r.checks).toEqual({ width: 160, height: 120, frames: 10 });
    const [a, b] = await Promise.all([
      sharp(f('anim.gif'), { animated: true }).metadata(),
      sharp(r.path, { animated: true }).metadata(),
    ]);
    expect(b.format).toBe('webp');
    expect(b.pages).toBe(10);
    expect(b.delay).toEqual(a.delay);
    expect(b.loop).toBe(a.loop);
    const png = await convert(f('anim.gif'), 'png');
    expect(await shapeOf(png.path)).toEqual({ format: 'png', width: 160, height: 120, pages: 1 });
    // And back: an animated WebP becomes an animated GIF.
    const back = await convert(r.path, 'gif');
    expect(await shapeOf(back.path)).toEqual({ format: 'gif', width: 160, height: 120, pages: 10 });
  });

  it('a GIF whose frames repeat becomes a WebP that plays the same, each run of equal frames one frame', async () => {
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=5', '-t', '1', '-vf', 'fps=10', f('held.gif')]);
    const r = await convert(f('held.gif'), 'webp');
    const meta = await sharp(r.path, { animated: true }).metadata();
    expect([meta.pages, meta.delay]).toEqual([5, [200, 200, 200, 200, 200]]);
    expect(r.checks).toEqual({ width: 160, height: 120, frames: 5 });
  });

  const pairs: Array<[string, string, string]> = [
    ['shot.webp', 'jpg', 'jpeg'],
    ['shot.avif', 'png', 'png'],
    ['shot.tif', 'pdf', 'pdf'],
    ['shot.jpg', 'avif', 'heif'],
    ['shot.heic', 'tiff', 'tiff'],
    ['shot.bmp', 'webp', 'webp'],
    ['shot.tif', 'gif', 'gif'],
    ['anim.gif', 'bmp', 'bmp'],
  ];
  for (const [name, target, format] of pairs) {
    it(`${name} → ${target}`, async () => {
      const r = await convert(f(name), target);
      const width = name === 'anim.gif' ? 160 : 320;
      expect(r.checks).toMatchObject({ width, height: (width * 3) / 4 });
      if (format === 'pdf' || format === 'bmp') expect((await detect(r.path)).ext).toBe(format);
      else expect(await shapeOf(r.path)).toEqual({ format, width, height: (width * 3) / 4, pages: 1 });
    });
  }
});

describe('imageConverter on damaged input', () => {
  const cases: Array<[string, string, 'truncated' | 'garbage']> = [
    ['shot.png', 'jpg', 'truncated'],
    ['shot.png', 'webp', 'garbage'],
    ['shot.jpg', 'png', 'truncated'],
    ['shot.jpg', 'pdf', 'garbage'],
    ['anim.gif', 'webp', 'truncated'],
    ['shot.webp', 'png', 'truncated'],
    ['shot.avif', 'jpg', 'truncated'],
    ['shot.tif', 'png', 'truncated'],
    ['shot.heic', 'jpg', 'truncated'],
    ['shot.bmp', 'png', 'truncated'],
    ['shot.bmp', 'jpg', 'garbage'],
  ];
  for (const [name, target, damage] of cases) {
    it(`${damage} ${name} → ${target} is invalid input`, async () => {
      const broken = f(`${damage}-${name}`);
      // BMP and WebP keep their headers intact in a "garbage" copy only if the header is longer than what is kept.
      await (damage === 'truncated'
        ? writeTruncated(f(name), broken)
        : writeGarbage(f(name), broken, name.endsWith('.bmp') ? 16 : 64));
      const err = await failure(broken, target);
      expect(isEngineError(err, 'invalid-input'), `${name}: ${String(err)}`).toBe(true);
      expect((err as Error).message).toMatch(/could not be read/);
    });
  }
});

describe('imageConverter limits', () => {
  it('refuses a decompression bomb (header declares 10 gigapixels) before decoding it', async () => {
    await writePngBomb(f('bomb.png'));
    const err = await failure(f('bomb.png'), 'jpg');
    expect(isEngineError(err, 'invalid-input'), String(err)).toBe(true);
    expect((err as Error).message).toMatch(/too large/);
  });

  it('refuses a picture wider than the target format allows', async () => {
    await sharp({ create: { width: 17_000, height: 8, channels: 3, background: '#000' } })
      .png()
      .toFile(f('wide.png'));
    const err = await failure(f('wide.png'), 'webp');
    expect(isEngineError(err, 'unsupported'), String(err)).toBe(true);
    expect((await convert(f('wide.png'), 'jpg')).checks).toEqual({ width: 17_000, height: 8 });
  });

  it('a cancelled call does not convert', async () => {
    const controller = new AbortController();
    controller.abort();
    const workDir = await mkdtemp(path.join(dir, 'work-'));
    const err = await imageConverter
      .convert(f('shot.png'), await detect(f('shot.png')), {
        target: 'jpg',
        signal: controller.signal,
        onProgress: () => {},
        workDir,
        runProcess,
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isEngineError(err, 'cancelled'), String(err)).toBe(true);
  });
});

describe('imageConverter on the corpus', () => {
  const corpus = (p: string) => path.join(CORPUS_DIR, p);
  it.skipIf(!existsSync(corpus('heic/snow.heic')))('heic/snow.heic → jpg', async () => {
    const r = await convert(corpus('heic/snow.heic'), 'jpg');
    expect(r.checks).toEqual({ width: 800, height: 600 });
    expect(await shapeOf(r.path)).toEqual({ format: 'jpeg', width: 800, height: 600, pages: 1 });
  });
  it.skipIf(!existsSync(corpus('heic/rainbow-451x461.heic')))('heic/rainbow-451x461.heic → png', async () => {
    const r = await convert(corpus('heic/rainbow-451x461.heic'), 'png');
    expect(r.checks).toEqual({ width: 451, height: 461 });
  });
  it.skipIf(!existsSync(corpus('gif/people-detection.gif')))('gif/people-detection.gif → webp keeps its 23 frames', async () => {
    const r = await convert(corpus('gif/people-detection.gif'), 'webp');
    expect(r.checks).toEqual({ width: 480, height: 270, frames: 23 });
    expect(await shapeOf(r.path)).toEqual({ format: 'webp', width: 480, height: 270, pages: 23 });
  });
  it.skipIf(!existsSync(corpus('jpg/skagen.jpg')))('jpg/skagen.jpg → pdf', async () => {
    const r = await convert(corpus('jpg/skagen.jpg'), 'pdf');
    expect(r.checks.pages).toBe(1);
    await exec('qpdf', ['--check', r.path]);
  });
  it.skipIf(!existsSync(corpus('webp/retro.webp')))('webp/retro.webp → png', async () => {
    const r = await convert(corpus('webp/retro.webp'), 'png');
    const m = await sharp(corpus('webp/retro.webp')).metadata();
    expect(r.checks).toEqual({ width: m.width, height: m.height });
  });
  for (const [target, format] of [
    ['avif', 'heif'],
    ['jpg', 'jpeg'],
    ['webp', 'webp'],
  ] as const) {
    it.skipIf(!existsSync(corpus('png/search.png')))(`png/search.png → ${target}`, async () => {
      const r = await convert(corpus('png/search.png'), target);
      const m = await sharp(corpus('png/search.png')).metadata();
      expect(await shapeOf(r.path)).toEqual({ format, width: m.width, height: m.height, pages: 1 });
    });
  }
});
