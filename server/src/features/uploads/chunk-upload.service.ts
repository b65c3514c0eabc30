import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { CHUNK_SIZE_BYTES, ErrorMessages, MAX_FILE_SIZE_BYTES } from '@shrinkly/contract';
import type { ChunkStagingPort, UploadMeta } from '../../adapters/chunks/chunk-staging.port.js';
import { ConflictError, PayloadTooLargeError, ValidationError } from '../../common/errors.js';
import type { IncomingFile } from './incoming-file.js';

export interface ChunkFields extends UploadMeta {
  uploadId: string;
  chunkIndex: number;
}

/**
 * Large uploads in 1 MB chunks: the rules (sizes, order-free arrival, the same file throughout, nothing missing at
 * assembly). The chunks wait in the chunk staging port; uploads left unfinished are removed by the sweeper.
 */
export class ChunkUploadService {
  constructor(private readonly staging: ChunkStagingPort) {}

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
  private async sameUpload(uploadId: string, given: UploadMeta): Promise<void> {
    const wanted: UploadMeta = { fileName: given.fileName, fileSize: given.fileSize, totalChunks: given.totalChunks };
    const stored = await this.staging.describe(uploadId, wanted);
    if (stored.fileSize !== wanted.fileSize || stored.totalChunks !== wanted.totalChunks || stored.fileName !== wanted.fileName) {
      throw new ConflictError('This uploadId belongs to a different file. Start the upload again with a new uploadId.');
    }
  }

  /** Writes one chunk into its place; returns how many chunks have arrived so far. */
  async storeChunk(fields: ChunkFields, chunk: Buffer): Promise<number> {
    this.checkShape(fields);
    if (fields.chunkIndex >= fields.totalChunks) throw new ValidationError(`chunkIndex must be below totalChunks (${fields.totalChunks})`);
    const expected = this.expectedChunkSize(fields, fields.chunkIndex);
    if (chunk.length !== expected) throw new ValidationError(`Chunk ${fields.chunkIndex} must be ${expected} bytes, not ${chunk.length}`);
    await this.sameUpload(fields.uploadId, fields);
    await this.staging.writeChunk(fields.uploadId, fields.chunkIndex, fields.chunkIndex * CHUNK_SIZE_BYTES, chunk);
    return (await this.staging.received(fields.uploadId)).size;
  }

  /** Hands over the assembled file (moved into `outDir`) once every chunk has arrived; the upload is forgotten. */
  async assemble(request: { uploadId: string } & UploadMeta, outDir: string): Promise<IncomingFile> {
    this.checkShape(request);
    const present = await this.staging.received(request.uploadId);
    if (present.size === 0) throw new ValidationError('No chunks were uploaded for this uploadId');
    await this.sameUpload(request.uploadId, request);
    const missing: number[] = [];
    for (let i = 0; i < request.totalChunks && missing.length < 20; i++) if (!present.has(i)) missing.push(i);
    if (missing.length > 0) throw new ConflictError(`Missing chunks: ${missing.join(', ')}. Upload them, then assemble again.`);
    const size = await this.staging.size(request.uploadId);
    if (size !== request.fileSize) throw new ValidationError(`The chunks add up to ${size} bytes, not ${request.fileSize}`);
    const target = path.join(outDir, `${randomUUID()}.upload`);
    await this.staging.takeAssembled(request.uploadId, target);
    return { path: target, size, originalName: request.fileName };
  }

  /** Removes uploads untouched for longer than `maxAgeMs`. */
  removeAbandoned(now: Date, maxAgeMs: number): Promise<number> {
    return this.staging.removeAbandoned(now, maxAgeMs);
  }
}
