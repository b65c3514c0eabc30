import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { CHUNK_SIZE_BYTES, MAX_FILE_SIZE_BYTES } from '@shrinkly/contract';
import { ConflictError, PayloadTooLargeError, ValidationError } from '../common/errors.js';
import type { IncomingFile } from './compression.service.js';

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
 * Large uploads in 1 MB chunks: each chunk is a file in the upload's own folder, named by its index, so chunks may
 * arrive in any order and a retried chunk simply replaces itself. Assembly streams the chunks into one file.
 * Folders of abandoned uploads are removed by the sweeper.
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
    if (meta.fileSize > MAX_FILE_SIZE_BYTES) throw new PayloadTooLargeError('Maximum file size is 5GB. Please choose a smaller file.');
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

  /** Stores one chunk (moving the received file); returns how many chunks are stored so far. */
  async storeChunk(fields: ChunkFields, chunk: { path: string; size: number }): Promise<number> {
    try {
      this.checkShape(fields);
      if (fields.chunkIndex >= fields.totalChunks) throw new ValidationError(`chunkIndex must be below totalChunks (${fields.totalChunks})`);
      const expected = this.expectedChunkSize(fields, fields.chunkIndex);
      if (chunk.size !== expected) throw new ValidationError(`Chunk ${fields.chunkIndex} must be ${expected} bytes, not ${chunk.size}`);
      await mkdir(this.dirOf(fields.uploadId), { recursive: true });
      await this.meta(fields.uploadId, fields);
      // rename replaces an earlier copy of the same chunk atomically: a retry is idempotent.
      await rename(chunk.path, path.join(this.dirOf(fields.uploadId), `${fields.chunkIndex}.part`));
      return (await this.chunkIndexes(fields.uploadId)).size;
    } finally {
      await rm(chunk.path, { force: true });
    }
  }

  private async chunkIndexes(uploadId: string): Promise<Set<number>> {
    const names = await readdir(this.dirOf(uploadId)).catch(() => [] as string[]);
    return new Set(names.filter((n) => /^\d+\.part$/.test(n)).map((n) => Number.parseInt(n, 10)));
  }

  /** Streams every chunk, in order, into one file in `outDir`; the upload's folder is removed afterwards. */
  async assemble(request: { uploadId: string } & UploadMeta, outDir: string): Promise<IncomingFile> {
    this.checkShape(request);
    const dir = this.dirOf(request.uploadId);
    const present = await this.chunkIndexes(request.uploadId);
    if (present.size === 0) throw new ValidationError('No chunks were uploaded for this uploadId');
    await this.meta(request.uploadId, request);
    const missing: number[] = [];
    for (let i = 0; i < request.totalChunks && missing.length < 20; i++) if (!present.has(i)) missing.push(i);
    if (missing.length > 0) throw new ConflictError(`Missing chunks: ${missing.join(', ')}. Upload them, then assemble again.`);

    await mkdir(outDir, { recursive: true });
    const target = path.join(outDir, `${randomUUID()}.upload`);
    try {
      const out = createWriteStream(target);
      for (let i = 0; i < request.totalChunks; i++) {
        await pipeline(createReadStream(path.join(dir, `${i}.part`)), out, { end: false });
      }
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
      const size = (await stat(target)).size;
      if (size !== request.fileSize) throw new ValidationError(`The chunks add up to ${size} bytes, not ${request.fileSize}`);
    } catch (err) {
      await rm(target, { force: true });
      throw err;
    }
    await rm(dir, { recursive: true, force: true });
    return { path: target, size: request.fileSize, originalName: request.fileName };
  }

  /** Removes the folders of uploads untouched for longer than `maxAgeMs`. */
  async removeAbandoned(now: Date, maxAgeMs: number): Promise<number> {
    const names = await readdir(this.root).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const dir = path.join(this.root, name);
      const info = await stat(dir).catch(() => undefined);
      if (info && now.getTime() - info.mtimeMs > maxAgeMs) {
        await rm(dir, { recursive: true, force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
