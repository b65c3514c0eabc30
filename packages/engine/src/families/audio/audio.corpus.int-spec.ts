import { it } from 'vitest';
import { corpusCases, corpusFiles, describeCorpus, expectTruncatedRefused } from '../../corpus.test-support.js';
import { corpusLevels } from '../../corpus-ladder.test-support.js';
import { checkLadder, describeLadder } from '../../tools/media/media.test-support.js';

const files = corpusFiles(['mp3', 'aac', 'm4a', 'ogg', 'opus', 'flac', 'wav']);
/** Formats whose truncation is detectable: Ogg is a stream format with no declared length, so a cut Ogg is just shorter. */
const declaresLength = (file: string) => !/\.(ogg|opus)$/i.test(file);

describeCorpus('audio family on the shared corpus', files, (dir) => {
  it.each(corpusCases(files))('%s: each level valid, not larger, monotonic', async (name, file) => {
    const made = await corpusLevels(file);
    const r = await checkLadder(file, dir(), {
      kinds: ['audio', 'video'],
      lossless: (format) => format === 'flac',
      durationBy: 'decode',
      made,
    });
    console.log(describeLadder(name, r), `| ${r.maximum.recipe}`);
  });

  it('truncated copies of the real files are invalid-input', () => expectTruncatedRefused(files.filter(declaresLength), dir()));
});
