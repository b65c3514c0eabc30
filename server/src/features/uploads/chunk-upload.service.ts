import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { CHUNK_SIZE_BYTES, CHUNKED_UPLOAD_LIMITS, ErrorMessages, MAX_FILE_SIZE_BYTES } from '@shrinkly/contract';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { ChunkStagingPort, UploadMeta } from '../../adapters/chunks/chunk-staging.port.js';
import { consumeOrRefuse } from '../../adapters/rate-counters/consume-or-refuse.js';
import type { RateCounters } from '../../adapters/rate-counters/rate-counters.port.js';
import { ConflictError, NotFoundError, PayloadTooLargeError, RateLimitedError, ValidationError } from '../../common/errors.js';
import type { IncomingFile } from './incoming-file.js';
import type { OpenUploadRepository, UploadOwner } from './open-upload.repository.js';

export interface ChunkFields extends UploadMeta {
  uploadId: string;
  chunkIndex: number;
}

/**
 * Large uploads in 1 MB chunks: the rules (sizes, order-free arrival, the same file throughout, nothing missing at
 * assembly). The chunks wait in the chunk staging port; uploads left unfinished are removed by the sweeper. An upload
 * belongs to who sent its first chunk (an account, else the address): nobody else writes or assembles it. What an
 * owner has open counts against CHUNKED_UPLOAD_LIMITS by declared size from that first chunk, and chunks from one
 * address are rate limited, so staging cannot fill the disk.
 */
export class ChunkUploadService {
  private readonly chunkRate: RateLimiterAbstract;

  constructor(
    private readonly staging: ChunkStagingPort,
    private readonly uploads: OpenUploadRepository,
    counters: RateCounters,
  ) {
    this.chunkRate = counters.counter({
      keyPrefix: 'chunks',
      points: CHUNKED_UPLOAD_LIMITS.chunksPerMinutePerAddress,
      duration: 60,
    });
  }

  /** The upload as its owner's: bound at its first chunk (within the owner's caps), refused to anyone else (404). */
  private async ownedUpload(uploadId: string, meta: UploadMeta, owner: UploadOwner, opening: boolean): Promise<void> {
    const existing = await this.uploads.find(uploadId);
    if (existing) {
      const same = existing.userId
        ? existing.userId === owner.userId
        : existing.userId === owner.userId && existing.address === owner.address;
      if (!same) throw new NotFoundError('No such upload: start it again with a new uploadId');
      return;
    }
    if (!opening) throw new NotFoundError('No such upload: start it again with a new uploadId');
    if (!(await this.uploads.open(uploadId, owner, meta.fileSize))) return this.ownedUpload(uploadId, meta, owner, false);
    // Counted with the new one, so uploads opened at once from one owner cannot pass the caps together.
    const open = await this.uploads.openBy(owner);
    const [maxOpen, maxBytes] = owner.userId
      ? [CHUNKED_UPLOAD_LIMITS.openPerAccount, CHUNKED_UPLOAD_LIMITS.stagedBytesPerAccount]
      : [CHUNKED_UPLOAD_LIMITS.openPerAddress, CHUNKED_UPLOAD_LIMITS.stagedBytesPerAddress];
    if (open.uploads > maxOpen || open.bytes > maxBytes) {
      await this.uploads.close(uploadId);
      if (open.uploads > maxOpen) throw new RateLimitedError(ErrorMessages.stagingFull, 3600);
      throw new PayloadTooLargeError(ErrorMessages.stagingFull);
    }
  }

  private async countChunk(address: string): Promise<void> {
    await consumeOrRefuse(this.chunkRate, address, ErrorMessages.rateLimited);
  }

  private expectedChunkSize(meta: UploadMeta, index: number): number {
    return index < meta.totalChunks - 1 ? CHUNK_SIZE_BYTES : meta.fileSize - CHUNK_SIZE_BYTES * (meta.totalChunks - 1);
  }

  private checkShape(meta: UploadMeta): void {
    if (meta.fileSize > MAX_FILE_SIZE_BYTES) throw new PayloadTooLargeError(ErrorMessages.fileTooLarge);
    if (meta.totalChunks !== Math.ceil(meta.fileSize / CHUNK_SIZE_BYTES)) {
      throw new ValidationError(
        `totalChunks must be ${Math.ceil(meta.fileSize / CHUNK_SIZE_BYTES)} for a file of ${meta.fileSize} bytes in 1 MB chunks`,
      );
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

  /** Writes one chunk of its owner's upload into its place; returns how many chunks have arrived so far. */
  async storeChunk(fields: ChunkFields, chunk: Buffer, owner: UploadOwner): Promise<number> {
    this.checkShape(fields);
    if (fields.chunkIndex >= fields.totalChunks)
      throw new ValidationError(`chunkIndex must be below totalChunks (${fields.totalChunks})`);
    const expected = this.expectedChunkSize(fields, fields.chunkIndex);
    if (chunk.length !== expected)
      throw new ValidationError(`Chunk ${fields.chunkIndex} must be ${expected} bytes, not ${chunk.length}`);
    await this.countChunk(owner.address);
    await this.ownedUpload(fields.uploadId, fields, owner, true);
    await this.sameUpload(fields.uploadId, fields);
    await this.staging.writeChunk(fields.uploadId, fields.chunkIndex, fields.chunkIndex * CHUNK_SIZE_BYTES, chunk);
    return (await this.staging.received(fields.uploadId)).size;
  }

  /** Hands over the assembled file (moved into `outDir`) once every chunk has arrived; the upload is forgotten. */
  async assemble(request: { uploadId: string } & UploadMeta, outDir: string, owner: UploadOwner): Promise<IncomingFile> {
    this.checkShape(request);
    const present = await this.staging.received(request.uploadId);
    if (present.size === 0) throw new ValidationError('No chunks were uploaded for this uploadId');
    await this.ownedUpload(request.uploadId, request, owner, false);
    await this.sameUpload(request.uploadId, request);
    const missing: number[] = [];
    for (let i = 0; i < request.totalChunks && missing.length < 20; i++) if (!present.has(i)) missing.push(i);
    if (missing.length > 0) throw new ConflictError(`Missing chunks: ${missing.join(', ')}. Upload them, then assemble again.`);
    const size = await this.staging.size(request.uploadId);
    if (size !== request.fileSize) throw new ValidationError(`The chunks add up to ${size} bytes, not ${request.fileSize}`);
    const target = path.join(outDir, `${randomUUID()}.upload`);
    await this.staging.takeAssembled(request.uploadId, target);
    await this.uploads.close(request.uploadId);
    return { path: target, size, originalName: request.fileName };
  }

  /** Removes uploads untouched for longer than `maxAgeMs`, and the owners' records of those opened before then. */
  async removeAbandoned(now: Date, maxAgeMs: number): Promise<number> {
    const removed = await this.staging.removeAbandoned(now, maxAgeMs);
    await this.uploads.removeOpenedBefore(new Date(now.getTime() - maxAgeMs));
    return removed;
  }
}
