import { mkdtemp, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { compress } from '../../compress.js';
import { corpusCases, corpusFiles, describeCorpus, expectTruncatedRefused } from '../../corpus.test-support.js';
import { corpusLevels } from '../../corpus-ladder.test-support.js';
import { runProcess } from '../../process/run-process.js';
import { imageFamily } from './image.family.js';
import { checkLadder, writeTruncated } from './image.test-support.js';

const files = corpusFiles(['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'bmp', 'tif', 'tiff', 'avif']);

describeCorpus('image family on the shared corpus', files, (dir) => {
  const check = (ok: boolean, message: string) => expect(ok, message).toBe(true);

  it.each(corpusCases(files))('%s: each level valid, not larger, above its floor, monotonic', async (name, file) => {
    const r = await checkLadder(file, dir(), check, await corpusLevels(file));
    console.log(
      `${name}: ${r.light.originalSize} → ${r.light.compressedSize} / ${r.balanced.compressedSize} / ${r.maximum.compressedSize}` +
        ` (SSIM ${r.light.metrics.ssim ?? '-'} / ${r.balanced.metrics.ssim ?? '-'} / ${r.maximum.metrics.ssim ?? '-'})`,
    );
  });

  // Photos kept at full colour detail (4:4:4) whose light result leaves room under the target: near the top of the
  // quality scale one step of one chroma layout grows the file by a fifth, and the other layout fills the gap.
  const fullChromaPhotos = files.filter((f) => /\.jpe?g$/i.test(f));
  it('sizes a full-colour-detail photo above light within 10 % under the target, at the best score that fits', async () => {
    for (const file of fullChromaPhotos) {
      const meta = await sharp(file).metadata();
      if (meta.chromaSubsampling !== '4:4:4' || (meta.width ?? 0) * (meta.height ?? 0) < 1_000_000) continue;
      const original = (await stat(file)).size;
      const light = await compress(file, { level: 'light', tmpDir: dir() });
      const targetBytes = Math.round(original / 2);
      if (light.compressedSize >= targetBytes * 0.9) continue;
      const sized = await compress(file, { level: 'balanced', targetBytes, tmpDir: dir() });
      expect(sized.target).toMatchObject({ met: true, level: 'light' });
      expect(sized.compressedSize).toBeLessThanOrEqual(targetBytes);
      expect(sized.compressedSize, `${path.basename(file)} under ${targetBytes}`).toBeGreaterThanOrEqual(targetBytes * 0.9);
      expect(sized.score).toBeGreaterThan(light.score as number);
    }
  });

  // A photo made GIF (dithered to 256 colours) shrinks most by lossy LZW, which reads GIFs only: the estimate cuts its
  // sample with gifsicle, in the GIF's own bytes, so that track counts there too.
  const photo = files.find((f) => /\.jpe?g$/i.test(f));
  it.runIf(photo)('estimates a GIF made from a photo within twice its real balanced result', async () => {
    const gif = path.join(dir(), 'photo.gif');
    const dither = 'scale=1200:-2,split[a][b];[a]palettegen[p];[b][p]paletteuse';
    await runProcess('ffmpeg', ['-v', 'error', '-y', '-i', photo ?? '', '-vf', dither, '-threads', '1', gif]);
    const ctx = {
      signal: new AbortController().signal,
      onProgress: () => {},
      workDir: await mkdtemp(path.join(dir(), 'estimate-')),
      runProcess,
    };
    const sizes = await imageFamily.estimate?.(gif, { ext: 'gif', mime: 'image/gif', family: 'image' }, ctx);
    const real = await compress(gif, { level: 'balanced', tmpDir: dir() });
    expect(real.recipe).toContain('lossy LZW');
    expect(sizes?.balanced).toBeLessThanOrEqual(real.compressedSize * 2);
    expect(sizes?.balanced).toBeGreaterThanOrEqual(real.compressedSize / 2);
  });

  it('truncated copies of the real files are invalid-input', () => expectTruncatedRefused(files, dir(), writeTruncated));
});
