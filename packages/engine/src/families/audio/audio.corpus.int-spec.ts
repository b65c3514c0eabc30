import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { corpusLadder, corpusLevels } from '../../corpus-ladder.test-support.js';
import {
  CORPUS_DIR,
  checkLadder,
  corpusFiles,
  describeLadder,
  expectInvalidInput,
  writeTruncated,
} from '../../tools/media/media.test-support.js';

const files = corpusFiles(['mp3', 'aac', 'm4a', 'ogg', 'opus', 'flac', 'wav']);
/** Formats whose truncation is detectable: Ogg is a stream format with no declared length, so a cut Ogg is just shorter. */
const declaresLength = (file: string) => !/\.(ogg|opus)$/i.test(file);

describe.runIf(files.length > 0)('audio family on the shared corpus', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'audio-corpus-'));
    // Made once for the whole suite (the ladder test checks the same results), perhaps by another test file.
    await corpusLadder();
  }, 1_800_000);
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it.each(files.map((f) => [path.relative(CORPUS_DIR, f), f]))(
    '%s: each level valid, not larger, monotonic',
    async (name, file) => {
      const made = await corpusLevels(file);
      const r = await checkLadder(file, dir, {
        kinds: ['audio', 'video'],
        lossless: (format) => format === 'flac',
        durationBy: 'decode',
        made,
      });
      console.log(describeLadder(name, r), `| ${r.maximum.recipe}`);
    },
  );

  it('truncated copies of the real files are invalid-input', async () => {
    for (const file of files.filter(declaresLength)) {
      const cut = path.join(dir, `cut-${path.basename(file)}`);
      await writeTruncated(file, cut);
      await expectInvalidInput(cut, dir);
    }
  });
});
