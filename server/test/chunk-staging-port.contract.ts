import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChunkStagingPort } from '../src/adapters/chunks/chunk-staging.port.js';

/** What a test gives the shared expectations of a chunk staging store (local disk, S3). */
export interface ChunkStagingSubject {
  staging: ChunkStagingPort;
  /** A folder of the test's own, for assembled files. */
  workDir: string;
}

/**
 * The expectations every chunk staging store meets, for its own test to call inside a describe with the subject built
 * in its beforeAll: the first description wins, chunks land at their offsets in any order and a retried chunk
 * replaces its bytes, assembly hands over exactly the file and forgets the upload, and only stale uploads are swept.
 */
export function chunkStagingContract(subject: () => ChunkStagingSubject): void {
  let counter = 0;
  const newId = () => {
    counter += 1;
    return `contract-${Date.now()}-${counter}`;
  };
  const chunkSize = 4096;

  describe('as a chunk staging store', () => {
    it('keeps the first description of an upload', async () => {
      const { staging } = subject();
      const id = newId();
      const first = { fileName: 'a.pdf', fileSize: 10_000, totalChunks: 3 };
      expect(await staging.describe(id, first)).toEqual(first);
      expect(await staging.describe(id, { fileName: 'b.pdf', fileSize: 5, totalChunks: 1 })).toEqual(first);
    });

    it('assembles chunks sent in any order, a retried one included, into exactly the file, then forgets it', async () => {
      const { staging, workDir } = subject();
      const id = newId();
      const file = randomBytes(chunkSize * 2 + 100);
      const piece = (i: number) => file.subarray(i * chunkSize, (i + 1) * chunkSize);
      await staging.describe(id, { fileName: 'f.bin', fileSize: file.length, totalChunks: 3 });
      expect(await staging.received(id)).toEqual(new Set());
      await staging.writeChunk(id, 2, 2 * chunkSize, piece(2));
      expect(await staging.received(id)).toEqual(new Set([2]));
      expect(await staging.size(id)).toBe(file.length);
      await staging.writeChunk(id, 0, 0, randomBytes(chunkSize));
      await staging.writeChunk(id, 1, chunkSize, piece(1));
      await staging.writeChunk(id, 0, 0, piece(0));
      expect(await staging.received(id)).toEqual(new Set([0, 1, 2]));
      expect(await staging.size(id)).toBe(file.length);
      const target = path.join(workDir, `${id}.upload`);
      await staging.takeAssembled(id, target);
      expect(await readFile(target)).toEqual(file);
      expect(await staging.received(id)).toEqual(new Set());
      const fresh = { fileName: 'again.bin', fileSize: 1, totalChunks: 1 };
      expect(await staging.describe(id, fresh)).toEqual(fresh);
    });

    it('sweeps uploads untouched for longer than the age given, and only those', async () => {
      const { staging } = subject();
      const id = newId();
      await staging.describe(id, { fileName: 'old.bin', fileSize: chunkSize, totalChunks: 1 });
      await staging.writeChunk(id, 0, 0, randomBytes(chunkSize));
      const hour = 60 * 60 * 1000;
      await staging.removeAbandoned(new Date(), hour);
      expect(await staging.received(id)).toEqual(new Set([0]));
      expect(await staging.removeAbandoned(new Date(Date.now() + 2 * hour), hour)).toBeGreaterThanOrEqual(1);
      expect(await staging.received(id)).toEqual(new Set());
    });
  });
}
