import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../adapters/storage/local-disk.storage.js';
import { EngineStep } from './engine-step.js';

/** Local disk storage that refuses one blob, as a full disk or a bucket outage would. */
class RefusingStorage extends LocalDiskStorage {
  override async putFile(localPath: string) {
    if (path.basename(localPath) === 'comparison.json') throw new Error('storage refused the write');
    return super.putFile(localPath);
  }
}

const pair = { label: 'Picture', before: Buffer.from('a'), after: Buffer.from('b') };

describe('engine step', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('keeps the result, without renditions, when they cannot be stored', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'engine-step-'));
    dirs.push(root);
    const storage = new RefusingStorage(path.join(root, 'blobs'));
    const input = path.join(root, 'input.bin');
    await writeFile(input, 'original bytes');
    const inputBlob = (await storage.putFile(input)).key;
    const step = new EngineStep(storage, path.join(root, 'work'));
    const stored = await step.run(inputBlob, 14, async (_local, workRoot) => {
      const dir = await mkdtemp(path.join(workRoot, 'result-'));
      const output = path.join(dir, 'out.bin');
      await writeFile(output, 'smaller');
      return { output, unchanged: false, format: 'bin', recipe: null, score: null, compare: [pair] };
    });
    expect(stored.compareBlob).toBeNull();
    expect(stored.size).toBe(7);
    expect(await storage.size(stored.blobKey)).toBe(7);
    expect(await readdir(path.join(root, 'work'))).toEqual([]);
  });
});
