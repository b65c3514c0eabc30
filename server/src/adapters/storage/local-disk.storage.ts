import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type BlobInfo, StoragePort } from './storage.port.js';

const KEY = /^[0-9a-f-]{36}$/;

/** Blobs as files under one folder, spread over 256 subfolders by the first two characters of their key. */
export class LocalDiskStorage extends StoragePort {
  constructor(private readonly root: string) {
    super();
  }

  private pathOf(key: string): string {
    // Keys come from us, but a corrupted row must never become a path outside the folder.
    if (!KEY.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
    return path.join(this.root, key.slice(0, 2), key);
  }

  async putFile(localPath: string): Promise<BlobInfo> {
    const key = randomUUID();
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(localPath, target);
    } catch (err) {
      // Another file system: copy, then remove the original.
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await copyFile(localPath, `${target}.part`);
      await rename(`${target}.part`, target);
      await rm(localPath, { force: true });
    }
    return { key, size: (await stat(target)).size };
  }

  /** The blob's own file: nothing to copy on local disk. */
  async withLocalCopy<T>(key: string, work: (localPath: string) => Promise<T>): Promise<T> {
    const file = this.pathOf(key);
    await stat(file);
    return work(file);
  }

  async openRead(key: string, range?: { start: number; end: number }): Promise<Readable> {
    // Opened first, so a missing blob rejects here rather than failing the stream later.
    const file = await open(this.pathOf(key));
    return file.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async size(key: string): Promise<number> {
    return (await stat(this.pathOf(key))).size;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
