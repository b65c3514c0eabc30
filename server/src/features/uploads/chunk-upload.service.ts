import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CHUNK_SIZE_BYTES, ErrorMessages, MAX_FILE_SIZE_BYTES } from '@shrinkly/contract';
import { ConflictError, PayloadTooLargeError, ValidationError } from '../../common/errors.js';
import type { IncomingFile } from './incoming-file.js';

interface UploadMeta {
  fileName: string;
  fileSize: number;
  totalChunks: number;
}

export interface ChunkFields extends UploadMeta {
  uploadId: string;
  chunkIndex: number;
}

/**
 * Large uploads in 1 MB chunks. Each chunk is written straight into its place (index × 1 MB) in the upload's one
 * data file, and a marker named by its index records that it arrived; so chunks may arrive in any order, a retried
 * chunk rewrites the same bytes, and assembly is a rename, not a copy. Folders of abandoned uploads are removed by
 * the sweeper.
 */
export class ChunkUploadService {
  constructor(private readonly root: string) {}

  /** uploadId is validated by the contract (letters, digits, - and _), so it is safe as a folder name. */
  private dirOf(uploadId: string): string {
    return path.join(this.root, uploadId);
  }

  private expectedChunkSize(meta: UploadMeta, index: number): number {
    return index < meta.totalChunks - 1 ? CHUNK_SIZE_BYTES : meta.fileSize - CHUNK_SIZE_BYTES * (meta.totalChunks - 1);
  }

  private checkShape(meta: UploadMeta): void {
    if (meta.fileSize > MAX_FILE_SIZE_BYTES) throw new PayloadTooLargeError(ErrorMessages.fileTooLarge);
    if (meta.totalChunks !== Math.ceil(meta.fileSize / CHUNK_SIZE_BYTES)) {
      throw new ValidationError(`totalChunks must be ${Math.ceil(meta.fileSize / CHUNK_SIZE_BYTES)} for a file of ${meta.fileSize} bytes in 1 MB chunks`);
    }
  }

  /** The upload's description, written by its first chunk; every later chunk and the assembly must agree with it. */
  private async meta(uploadId: string, given: UploadMeta): Promise<UploadMeta> {
    const file = path.join(this.dirOf(uploadId), 'meta.json');
    const wanted: UploadMeta = { fileName: given.fileName, fileSize: given.fileSize, totalChunks: given.totalChunks };
    try {
      await writeFile(file, JSON.stringify(wanted), { flag: 'wx' });
      return wanted;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const stored = JSON.parse(await readFile(file, 'utf8')) as UploadMeta;
    if (stored.fileSize !== wanted.fileSize || stored.totalChunks !== wanted.totalChunks || stored.fileName !== wanted.fileName) {
      throw new ConflictError('This uploadId belongs to a different file. Start the upload again with a new uploadId.');
    }
    return stored;
  }

  /** Writes one chunk into its place; returns how many chunks have arrived so far. */
  async storeChunk(fields: ChunkFields, chunk: Buffer): Promise<number> {
    this.checkShape(fields);
    if (fields.chunkIndex >= fields.totalChunks) throw new ValidationError(`chunkIndex must be below totalChunks (${fields.totalChunks})`);
    const expected = this.expectedChunkSize(fields, fields.chunkIndex);
    if (chunk.length !== expected) throw new ValidationError(`Chunk ${fields.chunkIndex} must be ${expected} bytes, not ${chunk.length}`);
    const dir = this.dirOf(fields.uploadId);
    await mkdir(path.join(dir, 'chunks'), { recursive: true });
    await this.meta(fields.uploadId, fields);
    // Read-write, created if missing, never truncated or appending: each chunk lands at its own offset.
    const data = await open(path.join(dir, 'data'), constants.O_RDWR | constants.O_CREAT);
    try {
      await data.write(chunk, 0, chunk.length, fields.chunkIndex * CHUNK_SIZE_BYTES);
    } finally {
      await data.close();
    }
    // The marker is written after the bytes: a chunk counts as received only once it is on disk.
    await writeFile(path.join(dir, 'chunks', String(fields.chunkIndex)), '');
    return (await this.chunkIndexes(fields.uploadId)).size;
  }

  private async chunkIndexes(uploadId: string): Promise<Set<number>> {
    const names = await readdir(path.join(this.dirOf(uploadId), 'chunks')).catch(() => [] as string[]);
    return new Set(names.filter((n) => /^\d+$/.test(n)).map((n) => Number.parseInt(n, 10)));
  }

  /** Hands over the assembled file (moved into `outDir`) once every chunk has arrived; the upload's folder goes. */
  async assemble(request: { uploadId: string } & UploadMeta, outDir: string): Promise<IncomingFile> {
    this.checkShape(request);
    const dir = this.dirOf(request.uploadId);
    const present = await this.chunkIndexes(request.uploadId);
    if (present.size === 0) throw new ValidationError('No chunks were uploaded for this uploadId');
    await this.meta(request.uploadId, request);
    const missing: number[] = [];
    for (let i = 0; i < request.totalChunks && missing.length < 20; i++) if (!present.has(i)) missing.push(i);
    if (missing.length > 0) throw new ConflictError(`Missing chunks: ${missing.join(', ')}. Upload them, then assemble again.`);
    const size = (await stat(path.join(dir, 'data'))).size;
    if (size !== request.fileSize) throw new ValidationError(`The chunks add up to ${size} bytes, not ${request.fileSize}`);
    await mkdir(outDir, { recursive: true });
    const target = path.join(outDir, `${randomUUID()}.upload`);
    await rename(path.join(dir, 'data'), target);
    await rm(dir, { recursive: true, force: true });
    return { path: target, size, originalName: request.fileName };
  }

  /** Removes the folders of uploads untouched for longer than `maxAgeMs`. */
  async removeAbandoned(now: Date, maxAgeMs: number): Promise<number> {
    const names = await readdir(this.root).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const dir = path.join(this.root, name);
      // The last write to the data file counts as activity as much as a new chunk marker does.
      const times = await Promise.all(
        [dir, path.join(dir, 'chunks'), path.join(dir, 'data')].map((p) => stat(p).then((i) => i.mtimeMs, () => 0)),
      );
      if (now.getTime() - Math.max(...times) > maxAgeMs) {
        await rm(dir, { recursive: true, force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
