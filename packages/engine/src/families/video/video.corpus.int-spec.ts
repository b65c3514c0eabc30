import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR, checkLadder, corpusFiles, describeLadder, expectInvalidInput, writeTruncated } from '../media/media.test-support.js';

const files = corpusFiles(['mp4', 'mov', 'avi', 'mkv', 'webm', 'wmv', 'flv']);

describe.runIf(files.length > 0)('video family on the shared corpus', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'video-corpus-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it.each(files.map((f) => [path.relative(CORPUS_DIR, f), f]))('%s: each level valid, not larger, above its floor, monotonic', async (name, file) => {
    const r = await checkLadder(file, dir, { kinds: ['video', 'audio', 'subtitle'], ssim: true, durationBy: 'probe' });
    console.log(describeLadder(name, r), `| ${r.balanced.recipe}`);
  });

  it('truncated copies of the real files are invalid-input', async () => {
    for (const file of files) {
      const cut = path.join(dir, `cut-${path.basename(file)}`);
      await writeTruncated(file, cut);
      await expectInvalidInput(cut, dir);
    }
    expect(files.length).toBeGreaterThan(0);
  });
});
