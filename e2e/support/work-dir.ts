import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/**
 * A scratch folder for a describe block's files, named from `prefix`: made before its tests (before the block's own
 * beforeAll hooks declared after this call) and removed after them. Call it in the block's body; it returns where a
 * file of that folder goes.
 */
export function workDirForTests(prefix: string): (name: string) => string {
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), prefix));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return (name) => {
    if (!dir) throw new Error('The folder is made in beforeAll: use it in hooks and tests.');
    return path.join(dir, name);
  };
}
