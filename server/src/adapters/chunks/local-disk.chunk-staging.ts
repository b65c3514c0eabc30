import { constants } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ChunkStagingPort, type UploadMeta } from './chunk-staging.port.js';

/**
 * Chunks under one folder: per upload a `meta.json`, a `data` file written at each chunk's offset, and a marker per
 * received chunk in `chunks/`, written after its bytes (a chunk counts only once it is on disk). Assembly is a rename.
 */
export class LocalDiskChunkStaging extends ChunkStagingPort {
  constructor(private readonly root: string) {
    super();
  }

  private dirOf(uploadId: string): string {
    return path.join(this.root, uploadId);
  }

  async describe(uploadId: string, meta: UploadMeta): Promise<UploadMeta> {
    const dir = this.dirOf(uploadId);
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, 'meta.json');
    try {
      await writeFile(file, JSON.stringify(meta), { flag: 'wx' });
      return meta;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    return JSON.parse(await readFile(file, 'utf8')) as UploadMeta;
  }

  async writeChunk(uploadId: string, index: number, offset: number, bytes: Buffer): Promise<void> {
    const dir = this.dirOf(uploadId);
    await mkdir(path.join(dir, 'chunks'), { recursive: true });
    // Read-write, created if missing, never truncated or appending: each chunk lands at its own offset.
    const data = await open(path.join(dir, 'data'), constants.O_RDWR | constants.O_CREAT);
    try {
      await data.write(bytes, 0, bytes.length, offset);
    } finally {
      await data.close();
    }
    await writeFile(path.join(dir, 'chunks', String(index)), '');
  }

  async received(uploadId: string): Promise<Set<number>> {
    const names = await readdir(path.join(this.dirOf(uploadId), 'chunks')).catch(() => [] as string[]);
    return new Set(names.filter((n) => /^\d+$/.test(n)).map((n) => Number.parseInt(n, 10)));
  }

  async size(uploadId: string): Promise<number> {
    return (await stat(path.join(this.dirOf(uploadId), 'data'))).size;
  }

  async takeAssembled(uploadId: string, target: string): Promise<void> {
    await mkdir(path.dirname(target), { recursive: true });
    await rename(path.join(this.dirOf(uploadId), 'data'), target);
    await rm(this.dirOf(uploadId), { recursive: true, force: true });
  }

  async removeAbandoned(now: Date, maxAgeMs: number): Promise<number> {
    const names = await readdir(this.root).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const dir = path.join(this.root, name);
      // The last write to the data file counts as activity as much as a new chunk marker does.
      const times = await Promise.all(
        [dir, path.join(dir, 'chunks'), path.join(dir, 'data')].map((p) =>
          stat(p).then(
            (i) => i.mtimeMs,
            () => 0,
          ),
        ),
      );
      if (now.getTime() - Math.max(...times) > maxAgeMs) {
        await rm(dir, { recursive: true, force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
