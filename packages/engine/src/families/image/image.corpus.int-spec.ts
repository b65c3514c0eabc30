import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress } from '../../compress.js';
import { corpusLadder, corpusLevels } from '../../corpus-ladder.test-support.js';
import { isEngineError } from '../../errors.js';
import { checkLadder, writeTruncated } from './image.test-support.js';

// The shared corpus sits beside the repository; CI machines may not have it, and then these cases are skipped.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const corpusDir = process.env.CORPUS_DIR ?? path.resolve(repoRoot, '../shared/corpus');
const FOLDERS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'bmp', 'tif', 'tiff', 'avif'];

/** Every image file of the corpus (listed at collection time, so each gets its own test and time limit). */
function corpusFiles(): string[] {
  if (!existsSync(corpusDir)) return [];
  return FOLDERS.flatMap((folder) => {
    const dir = path.join(corpusDir, folder);
    return existsSync(dir)
      ? readdirSync(dir)
          .sort()
          .map((n) => path.join(dir, n))
      : [];
  });
}

const files = corpusFiles();

describe.runIf(files.length > 0)('image family on the shared corpus', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'image-corpus-'));
    // Made once for the whole suite (the ladder test checks the same results), perhaps by another test file.
    await corpusLadder();
  }, 1_800_000);
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const check = (ok: boolean, message: string) => expect(ok, message).toBe(true);

  it.each(files.map((f) => [path.relative(corpusDir, f), f]))(
    '%s: each level valid, not larger, above its floor, monotonic',
    async (name, file) => {
      const r = await checkLadder(file, dir, check, await corpusLevels(file));
      console.log(
        `${name}: ${r.light.originalSize} → ${r.light.compressedSize} / ${r.balanced.compressedSize} / ${r.maximum.compressedSize}` +
          ` (SSIM ${r.light.metrics.ssim ?? '-'} / ${r.balanced.metrics.ssim ?? '-'} / ${r.maximum.metrics.ssim ?? '-'})`,
      );
    },
  );

  it('truncated copies of the real files are invalid-input', async () => {
    for (const file of files) {
      const cut = path.join(dir, `cut-${path.basename(file)}`);
      await writeTruncated(file, cut);
      const err = await compress(cut, { tmpDir: dir }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isEngineError(err, 'invalid-input'), `${path.basename(file)}: ${String(err)}`).toBe(true);
    }
  });
});
