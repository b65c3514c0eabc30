import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// The name of what is provided, and its type.
import type {} from '../src/corpus-ladder.test-support.js';

/** One folder per run of the engine suite for the work its test files share; removed when the run ends. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'shrinkly-corpus-ladder-'));
  project.provide('corpusLadderDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}
