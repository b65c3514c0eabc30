import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { StoragePort } from '../src/adapters/storage/storage.port.js';

/** What a test gives the shared expectations of a blob store (local disk, S3). */
export interface StoragePortSubject {
  storage: StoragePort;
  /** A folder of the test's own, for the files it puts. */
  workDir: string;
  /** Whether `withLocalCopy` hands out a private copy (remote stores) rather than the blob's own file (local disk). */
  copies: boolean;
}

const MB = 1024 * 1024;

/** Length and SHA-256 of bytes: compared instead of the bytes, so a failure prints two short lines. */
function fingerprint(bytes: Buffer): string {
  return `${bytes.length} bytes, sha256 ${createHash('sha256').update(bytes).digest('hex')}`;
}

async function readAll(stream: Readable): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return fingerprint(Buffer.concat(parts));
}

/** Writes `sizeMb` MB of random bytes one MB at a time; returns the file and its SHA-256. */
async function bigFile(file: string, sizeMb: number): Promise<string> {
  const hash = createHash('sha256');
  const handle = await open(file, 'w');
  for (let i = 0; i < sizeMb; i++) {
    const piece = randomBytes(MB);
    hash.update(piece);
    await handle.write(piece);
  }
  await handle.close();
  return hash.digest('hex');
}

setFlagsFromString('--expose-gc');
/** V8's full collector, made callable from a test. */
const collectGarbage = runInNewContext('gc') as () => void;

/** Memory the process's JavaScript holds (heap and buffers) once garbage is collected. */
function liveMemory(): number {
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/**
 * The most live memory seen while `work` runs, above what was live before it started. Resident size alone cannot
 * tell: the allocator keeps pages that earlier tests freed, enough to hide a whole blob.
 */
async function memoryGrowthDuring(work: () => Promise<void>): Promise<number> {
  const before = liveMemory();
  let peak = before;
  // Each sample is a full collection, whose cost grows with the heap of the test worker (it keeps the modules of the
  // files it ran before): twice a second still sees a store that holds the blob, which would hold it throughout.
  const sampler = setInterval(() => (peak = Math.max(peak, liveMemory())), 500);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, liveMemory()) - before;
}

/**
 * The expectations every blob store meets, for its own test to call inside a describe, with the subject built in its
 * beforeAll: bytes come back as they went in, whole or by range; a missing blob reads as ENOENT, the code callers see
 * from the local disk; deleting is idempotent; local copies never outlive their work; and a large blob goes in and
 * out as a stream.
 */
export function storagePortContract(subject: () => StoragePortSubject): void {
  let counter = 0;
  const put = async (bytes: Buffer) => {
    const { storage, workDir } = subject();
    counter += 1;
    const file = path.join(workDir, `put-${counter}`);
    await writeFile(file, bytes);
    const blob = await storage.putFile(file);
    expect(existsSync(file)).toBe(false);
    return blob;
  };

  describe('as a blob store', () => {
    it('gives back the bytes it was given, under a new random key, with their size', async () => {
      const { storage } = subject();
      const bytes = randomBytes(300_000);
      const blob = await put(bytes);
      expect(blob).toEqual({ key: expect.stringMatching(/^[0-9a-f-]{36}$/), size: bytes.length });
      expect((await put(bytes)).key).not.toBe(blob.key);
      expect(await readAll(await storage.openRead(blob.key))).toBe(fingerprint(bytes));
      expect(await storage.size(blob.key)).toBe(bytes.length);
    });

    it('reads inclusive ranges: the first byte, the middle, the last byte', async () => {
      const { storage } = subject();
      const bytes = randomBytes(100_001);
      const { key } = await put(bytes);
      expect(await readAll(await storage.openRead(key, { start: 0, end: 0 }))).toBe(fingerprint(bytes.subarray(0, 1)));
      expect(await readAll(await storage.openRead(key, { start: 40_000, end: 59_999 }))).toBe(
        fingerprint(bytes.subarray(40_000, 60_000)),
      );
      expect(await readAll(await storage.openRead(key, { start: 100_000, end: 100_000 }))).toBe(
        fingerprint(bytes.subarray(100_000)),
      );
    });

    it('deletes a blob, and deleting it again (or one never stored) is harmless', async () => {
      const { storage } = subject();
      const { key } = await put(randomBytes(1000));
      await storage.delete(key);
      await expect(storage.size(key)).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(storage.delete(key)).resolves.toBeUndefined();
      await expect(storage.delete('00000000-0000-4000-8000-000000000000')).resolves.toBeUndefined();
    });

    it('reports a missing blob as ENOENT to every reader', async () => {
      const { storage } = subject();
      const missing = '11111111-1111-4111-8111-111111111111';
      await expect(storage.size(missing)).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(storage.openRead(missing)).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(storage.openRead(missing, { start: 0, end: 9 })).rejects.toMatchObject({ code: 'ENOENT' });
      let ran = false;
      await expect(storage.withLocalCopy(missing, async () => (ran = true))).rejects.toMatchObject({ code: 'ENOENT' });
      expect(ran).toBe(false);
    });

    it('hands out a local file with the bytes, and no copy outlives the work, even when the work fails', async () => {
      const { storage, copies } = subject();
      const bytes = randomBytes(50_000);
      const { key } = await put(bytes);
      let seen = '';
      const result = await storage.withLocalCopy(key, async (local) => {
        seen = local;
        expect(fingerprint(await readFile(local))).toBe(fingerprint(bytes));
        return 'done';
      });
      expect(result).toBe('done');
      // A private copy is gone; the local disk's own file stays, as the blob.
      expect(existsSync(seen)).toBe(!copies);
      await expect(
        storage.withLocalCopy(key, async (local) => {
          seen = local;
          throw new Error('the tool failed');
        }),
      ).rejects.toThrow('the tool failed');
      expect(existsSync(seen)).toBe(!copies);
      expect(await readAll(await storage.openRead(key))).toBe(fingerprint(bytes));
    });

    it('stores and reads a 50 MB blob as a stream, without holding it in memory', async () => {
      const { storage, workDir } = subject();
      const file = path.join(workDir, 'big');
      const sha = await bigFile(file, 50);
      await put(randomBytes(10)); // the client's first requests set up what every later one reuses
      let key = '';
      const putGrowth = await memoryGrowthDuring(async () => {
        key = (await storage.putFile(file)).key;
      });
      const hash = createHash('sha256');
      const readGrowth = await memoryGrowthDuring(async () => {
        for await (const part of await storage.openRead(key)) hash.update(part as Buffer);
      });
      expect(hash.digest('hex')).toBe(sha);
      expect(await storage.size(key)).toBe(50 * MB);
      console.info(
        `50 MB blob: live memory grew ${(putGrowth / MB).toFixed(1)} MB storing it, ${(readGrowth / MB).toFixed(1)} MB reading it`,
      );
      // Loose on purpose (seen: up to 25 MB while reading from S3): a store that held the blob would grow by 50 MB+.
      expect(putGrowth).toBeLessThan(36 * MB);
      expect(readGrowth).toBeLessThan(36 * MB);
      await storage.delete(key);
    }, 120_000);
  });
}
