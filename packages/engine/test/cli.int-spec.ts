import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { qualityLabel } from '@shrinkly/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixelNoise, rgbPixels } from '../src/tools/image/rgb-pixels.test-support.js';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../bin/shrinkly.js', import.meta.url));
const built = existsSync(fileURLToPath(new URL('../dist/cli.js', import.meta.url)));

/** Runs the command line with these arguments. */
const shrinkly = (args: string[]) => run(process.execPath, [cli, ...args]);

/** Runs the command line where it is expected to fail: its exit code and output. */
async function shrinklyFailure(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return (await shrinkly(args).catch((e: unknown) => e)) as { code: number; stdout: string; stderr: string };
}

/** A photo-like picture: smooth gradients plus noise, so it compresses like a real photo. */
async function makePhoto(file: string): Promise<void> {
  const width = 640;
  const height = 480;
  const pixels = rgbPixels(width, height, (x, y) => {
    const noise = pixelNoise(x, y);
    return [(x / width) * 200 + noise * 20, (y / height) * 200 + noise * 20, 120 + Math.sin(x / 30) * 60];
  });
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 98 })
    .toFile(file);
}

describe.runIf(built)('shrinkly command line', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'shrinkly-cli-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('compresses files into --out and prints one JSON line per file', async () => {
    const photo = path.join(dir, 'photo.jpg');
    await makePhoto(photo);
    const out = path.join(dir, 'out');
    const { stdout } = await shrinkly(['compress', '--level', 'maximum', '--out', out, photo]);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ input: photo, output: path.join(out, 'photo.min.jpg'), format: 'jpg', unchanged: false });
    expect(line?.compressedSize).toBe((await stat(path.join(out, 'photo.min.jpg'))).size);
    expect(Number(line?.compressedSize)).toBeLessThan(Number(line?.originalSize));
    expect(typeof line?.recipe).toBe('string');
    expect(typeof line?.ms).toBe('number');
    // The quality score (the measured SSIM) and its label.
    expect(line?.score).toBe((line?.metrics as Record<string, number> | undefined)?.ssim);
    expect(line?.quality).toBe(qualityLabel(Number(line?.score)));
  });

  it('writes beside the input by default and prints estimates', async () => {
    const photo = path.join(dir, 'beside.jpg');
    await makePhoto(photo);
    await shrinkly(['compress', photo]);
    expect(existsSync(path.join(dir, 'beside.min.jpg'))).toBe(true);
    const { stdout } = await shrinkly(['estimate', photo]);
    const estimate = JSON.parse(stdout) as Record<string, number>;
    expect(estimate.maximum).toBeLessThanOrEqual(estimate.balanced as number);
    expect(estimate.balanced).toBeLessThanOrEqual(estimate.light as number);
    expect(estimate.light).toBeLessThanOrEqual(estimate.originalSize as number);
  });

  it('exits 1 with a one-line message per failed file, still doing the others', async () => {
    const good = path.join(dir, 'good.jpg');
    await makePhoto(good);
    const bad = path.join(dir, 'notes.png');
    await writeFile(bad, 'a text file pretending to be a picture\n');
    const err = await shrinklyFailure(['compress', '--out', path.join(dir, 'mixed'), bad, good]);
    expect(err.code).toBe(1);
    expect(err.stderr).toMatch(/notes\.png: unsupported: /);
    expect(err.stdout.trim().split('\n')).toHaveLength(1);
    // A path that is not a file is said plainly, not as the system's error code.
    const missing = path.join(dir, 'missing.jpg');
    const paths = await shrinklyFailure(['compress', '--out', path.join(dir, 'mixed'), missing, dir]);
    expect(paths.stderr).toContain(`${missing}: no such file or folder: ${missing}\n`);
    expect(paths.stderr).toContain(`${dir}: a folder, not a file\n`);
  });

  it('refuses an unknown level with usage', async () => {
    const err = await shrinklyFailure(['compress', '--level', 'extreme', 'x.jpg']);
    expect(err.code).toBe(2);
    expect(err.stderr).toContain('--level must be one of light, balanced, maximum');
  });

  it('takes a target size as people write it, and refuses a target, a longest side or a picture resolution it cannot use', async () => {
    const photo = path.join(dir, 'small.jpg');
    await makePhoto(photo);
    const { stdout } = await shrinkly(['compress', '--target', '1GB', '--out', path.join(dir, 'fit'), photo]);
    const line = JSON.parse(stdout) as Record<string, unknown>;
    expect(line).toMatchObject({ unchanged: true, target: { bytes: 1024 ** 3, met: true, level: 'original' } });
    for (const [option, value, refusal] of [
      ['--target', '5KB', '--target must be a size between 10KB and 5GB'],
      ['--max-side', '8', '--max-side must be a whole number of pixels between 16 and 16384'],
      ['--max-ppi', '2000', '--max-ppi must be a whole number of pixels per inch between 36 and 1200'],
    ] as const) {
      const err = await shrinklyFailure(['compress', option, value, photo]);
      expect(err.code, option).toBe(2);
      expect(err.stderr).toContain(refusal);
    }
  });

  it('converts files with --to, lists targets with formats, and needs a format', async () => {
    const photo = path.join(dir, 'harbour.jpg');
    await makePhoto(photo);
    const notes = path.join(dir, 'notes.txt');
    await writeFile(notes, 'Harbour notes\nThe ferry leaves at 08:15.\n');
    const out = path.join(dir, 'converted');
    const { stdout } = await shrinkly(['convert', '--to', 'PNG', '--out', out, photo]);
    const line = JSON.parse(stdout.trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ output: path.join(out, 'harbour.png'), format: 'png' });
    expect((await sharp(line.output as string).metadata()).format).toBe('png');
    const pdf = JSON.parse((await shrinkly(['convert', '--to', 'pdf', '--out', out, notes])).stdout.trim()) as Record<
      string,
      unknown
    >;
    expect((await stat(pdf.output as string)).size).toBeGreaterThan(500);
    const formats = JSON.parse((await shrinkly(['formats', photo])).stdout.trim()) as {
      type: string;
      formats: string[];
    };
    expect(formats).toMatchObject({ type: 'jpg', formats: expect.arrayContaining(['png', 'webp', 'pdf']) });
    const err = await shrinklyFailure(['convert', photo]);
    expect([err.code, err.stderr]).toEqual([2, expect.stringContaining('convert needs --to FORMAT')]);
  });
});
