/** @internal The frame of every family's test on the shared corpus: its files, a folder to write in, the corpus ladder. */
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { CORPUS_DIR, corpusLadder } from './corpus-ladder.test-support.js';
import { expectInvalidInput, writeTruncated } from './tools/media/media.test-support.js';

/**
 * The corpus files in these folders (one per extension), each folder sorted; none where the corpus is absent (some
 * CI machines). Listed when tests are collected, so each file gets a test and a time limit of its own.
 */
export function corpusFiles(folders: readonly string[]): string[] {
  if (!existsSync(CORPUS_DIR)) return [];
  return folders.flatMap((folder) => {
    const dir = path.join(CORPUS_DIR, folder);
    return existsSync(dir)
      ? readdirSync(dir)
          .sort()
          .map((n) => path.join(dir, n))
      : [];
  });
}

/** `it.each` cases: each file's name within the corpus (the test's title) and its path. */
export const corpusCases = (files: readonly string[]): Array<[string, string]> =>
  files.map((f) => [path.relative(CORPUS_DIR, f), f]);

/**
 * A family's tests on the corpus, run only when the corpus holds some of its files. `body` declares them; they write
 * in `dir()`, a folder made before the first test (once the corpus ladder is made) and removed after the last.
 */
export function describeCorpus(title: string, files: readonly string[], body: (dir: () => string) => void): void {
  describe.runIf(files.length > 0)(title, () => {
    let dir = '';
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'corpus-'));
      // Made once for the whole suite (the ladder test checks the same results), perhaps by another test file.
      await corpusLadder();
    }, 1_800_000);
    afterAll(async () => rm(dir, { recursive: true, force: true }));
    body(() => dir);
  });
}

/** A truncated copy of each file (made by `cut`) is refused as invalid input. */
export async function expectTruncatedRefused(
  files: readonly string[],
  dir: string,
  cut: (from: string, to: string) => Promise<void> = writeTruncated,
): Promise<void> {
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const copy = path.join(dir, `cut-${path.basename(file)}`);
    await cut(file, copy);
    await expectInvalidInput(copy, dir);
  }
}
