import { expect, it } from 'vitest';
import { corpusCases, corpusFiles, describeCorpus, expectTruncatedRefused } from '../../corpus.test-support.js';
import { corpusLevels } from '../../corpus-ladder.test-support.js';
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

  it('truncated copies of the real files are invalid-input', () => expectTruncatedRefused(files, dir(), writeTruncated));
});
