import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../process/run-process.js';
import { pixelSsim } from './pixel-ssim.js';
import { measureSsim } from './ssim.js';

const CORPUS = path.resolve(import.meta.dirname, '../../../../../shared/corpus');
const STILLS = ['jpg', 'jpeg', 'png', 'webp'];

async function corpusStills(): Promise<string[]> {
  const files: string[] = [];
  for (const dir of STILLS) {
    for (const name of await readdir(path.join(CORPUS, dir)).catch(() => [])) files.push(path.join(CORPUS, dir, name));
  }
  return files;
}

/** Raw RGB24 pixels of an image, and their geometry. */
async function rgb(input: string | Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(input).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'pixel-ssim-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('pixelSsim', () => {
  it("agrees with ffmpeg's ssim filter within 0.002 on the corpus pictures at several JPEG qualities", async () => {
    const files = await corpusStills();
    expect(files.length).toBeGreaterThan(4);
    for (const file of files) {
      const ref = await rgb(file);
      const refRaw = path.join(work, 'ref.rgb');
      await writeFile(refRaw, ref.data);
      const args = ['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${ref.width}x${ref.height}`];
      for (const quality of [20, 60, 90]) {
        const encoded = await sharp(ref.data, { raw: { width: ref.width, height: ref.height, channels: 3 } })
          .jpeg({ quality })
          .toBuffer();
        const dist = await rgb(encoded);
        const distRaw = path.join(work, 'dist.rgb');
        await writeFile(distRaw, dist.data);
        const ours = pixelSsim(ref.data, dist.data, { width: ref.width, pageHeight: ref.height, pages: 1 });
        const ffmpeg = await measureSsim(runProcess, refRaw, distRaw, { referenceArgs: args, distortedArgs: args });
        expect(Math.abs(ours - ffmpeg), `${path.basename(file)} q${quality}: ours ${ours}, ffmpeg ${ffmpeg}`).toBeLessThanOrEqual(
          0.002,
        );
      }
    }
  });

  it('is 1 for identical pictures, lower for a changed one, and averages frames', () => {
    const width = 32;
    const height = 32;
    const a = Buffer.alloc(width * height * 3);
    for (let i = 0; i < a.length; i++) a[i] = (i * 37) % 251;
    const b = Buffer.from(a);
    for (let i = 0; i < b.length; i += 7) b[i] = 255 - (b[i] ?? 0);
    const g = { width, pageHeight: height, pages: 1 };
    expect(pixelSsim(a, a, g)).toBe(1);
    const changed = pixelSsim(a, b, g);
    expect(changed).toBeLessThan(0.9);
    const twoFrames = pixelSsim(Buffer.concat([a, a]), Buffer.concat([a, b]), { width, pageHeight: height, pages: 2 });
    expect(twoFrames).toBeCloseTo((1 + changed) / 2, 10);
  });

  it('refuses buffers shorter than their geometry', () => {
    expect(() => pixelSsim(Buffer.alloc(10), Buffer.alloc(10), { width: 8, pageHeight: 8, pages: 1 })).toThrow(RangeError);
  });
});
