import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, corpusLadder, repeatedAtBalanced } from '../src/corpus-ladder.test-support.js';

/**
 * The level ladder across separate calls: each level of every corpus file and generated fixture is computed by its
 * own command-line process (nothing shared in memory), and a second process repeats balanced for the families whose
 * own tests do not show it (repeatedAtBalanced). A stronger level is never larger than a lighter one, and the same
 * level gives the same bytes. (The family corpus tests check the same results for validity and quality:
 * src/corpus-ladder.test-support.ts makes them once.)
 */
describe('level ladder across separate calls', () => {
  // Four passes over every file: one try is enough to show a fault, and a second would double the suite's time.
  it('maximum ≤ balanced ≤ light, and the same level gives the same bytes', { timeout: 1_800_000, retry: 0 }, async () => {
    const { files, runs, failures } = await corpusLadder();
    expect(files.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const file of files) {
      const [light, balanced, maximum, again] = [runs.light, runs.balanced, runs.maximum, runs['balanced-again']].map(
        (run) => run[file],
      );
      const name = path.relative(path.dirname(CORPUS_DIR), file);
      const repeated = repeatedAtBalanced(file);
      if (!light || !balanced || !maximum || (repeated && !again)) {
        problems.push(`${name}: not compressed by every call`);
        continue;
      }
      if (balanced.compressedSize > light.compressedSize)
        problems.push(`${name}: balanced ${balanced.compressedSize} > light ${light.compressedSize}`);
      if (maximum.compressedSize > balanced.compressedSize)
        problems.push(`${name}: maximum ${maximum.compressedSize} > balanced ${balanced.compressedSize}`);
      if (again && !(await readFile(balanced.output)).equals(await readFile(again.output)))
        problems.push(`${name}: two balanced calls gave different bytes`);
    }
    expect(problems, Object.values(failures).join('\n')).toEqual([]);
  });

  it('says in the recipe of a file kept as it is that the original was kept, not what it tried', async () => {
    const { runs } = await corpusLadder();
    const kept = Object.entries(runs).flatMap(([run, lines]) =>
      Object.values(lines)
        .filter((line) => line.unchanged && !/^kept (the original|as it is)\b/.test(line.recipe))
        .map((line) => `${run} ${path.basename(line.input)}: ${line.recipe}`),
    );
    expect(kept).toEqual([]);
  });
});
