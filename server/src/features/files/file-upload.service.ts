import { rm } from 'node:fs/promises';
import {
  BATCH_ACCEPTED_TYPES,
  BATCH_MAX_FILES,
  type Batch,
  type CompressionLevel,
  DASHBOARD_ACCEPTED_TYPES,
  ErrorMessages,
  type FileUploadResponse,
  type MetadataChoice,
  TEMPORARY_FILE_TTL_MS,
} from '@shrinkly/contract';
import type { DetectedType } from '@shrinkly/engine';
import type { StoragePort } from '../../adapters/storage/storage.port.js';
import type { Clock } from '../../common/clock.js';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  PaymentRequiredError,
  UnprocessableError,
} from '../../common/errors.js';
import type { BatchRow, CompressionJobRow, FileRow, UserRow } from '../../db/schema/index.js';
import { type PlanAccess, planOf } from '../../read-models/plan-of.js';
import type { CompressionService } from '../compression/compression.service.js';
import type { FolderRepository } from '../folders/folder.repository.js';
import { AcceptedTypes, type IncomingFile } from '../uploads/incoming-file.js';
import type { BatchRepository } from './batch.repository.js';
import type { FileRepository } from './file.repository.js';
import { ratioOf, toFileRecord } from './file-views.js';

/** `jpeg` is read as `jpg`; the lists name both. */
const SINGLE_TYPES = new AcceptedTypes(DASHBOARD_ACCEPTED_TYPES, ['jpeg']);
const BATCH_TYPES = new AcceptedTypes(BATCH_ACCEPTED_TYPES, ['jpeg']);

export interface UploadFields {
  compressionLevel: CompressionLevel;
  targetBytes?: number | undefined;
  maxDimension?: number | undefined;
  maxImagePpi?: number | undefined;
  belowFloor?: boolean | undefined;
  metadata?: MetadataChoice | undefined;
  folderId?: string | undefined;
  batchId?: string | undefined;
  /** Told of the compression's end once. */
  callbackUrl?: string | undefined;
}

/**
 * The rules of uploading into My Files: plan, size, type, folder, batch and storage checks; then the upload is
 * stored as a processing file and compressed by a job (see LibraryResultFinisher for what the job does at the end).
 */
export class FileUploadService {
  constructor(
    private readonly files: FileRepository,
    private readonly folders: FolderRepository,
    private readonly batches: BatchRepository,
    private readonly compression: CompressionService,
    private readonly storage: StoragePort,
    private readonly clock: Clock,
  ) {}

  /** The largest upload this user may send, and the error past it: free accounts stop under the free limit. */
  uploadLimit(user: UserRow): { maxBytes: number; error: () => Error } {
    const { limits } = planOf(user, this.clock.now());
    if (limits.maxLibraryUploadBytes >= limits.maxFileBytes)
      return { maxBytes: limits.maxFileBytes, error: () => new PayloadTooLargeError(ErrorMessages.fileTooLarge) };
    return { maxBytes: limits.maxLibraryUploadBytes, error: () => new PaymentRequiredError(ErrorMessages.premiumRequired) };
  }

  /** Opens a batch of up to BATCH_MAX_FILES uploads; trial and premium only. */
  async createBatch(user: UserRow, fileCount: number): Promise<Batch> {
    if (!planOf(user, this.clock.now()).mayBatch) throw new ForbiddenError(ErrorMessages.batchPremium);
    const expiresAt = new Date(this.clock.now().getTime() + TEMPORARY_FILE_TTL_MS);
    const batch = await this.batches.create({ userId: user.id, maxFiles: Math.min(fileCount, BATCH_MAX_FILES), expiresAt });
    return { batchId: batch.id, maxFiles: batch.maxFiles };
  }

  /** Checks, stores and queues one upload; the local file is consumed whatever happens. */
  async accept(user: UserRow, file: IncomingFile, fields: UploadFields): Promise<FileUploadResponse> {
    try {
      const plan = planOf(user, this.clock.now());
      if (file.size > plan.limits.maxFileBytes) throw new PayloadTooLargeError(ErrorMessages.fileTooLarge);
      if (file.size > plan.limits.maxLibraryUploadBytes) throw new PaymentRequiredError(ErrorMessages.premiumRequired);
      await this.compression.checkCallback(user, fields.callbackUrl);
      const batch = fields.batchId ? await this.openBatch(user, plan, fields.batchId) : undefined;
      if (fields.folderId && !(await this.folders.findOwned(fields.folderId, user.id)))
        throw new NotFoundError(ErrorMessages.folderNotFound);
      if (user.storageUsed >= plan.limits.storageBytes) throw new PayloadTooLargeError(ErrorMessages.storageFull);
      const type = await (batch ? BATCH_TYPES : SINGLE_TYPES).read(file);
      return await this.store(user, file, type, fields, plan, batch);
    } finally {
      await rm(file.path, { force: true });
    }
  }

  private async store(
    user: UserRow,
    file: IncomingFile,
    type: DetectedType,
    fields: UploadFields,
    plan: PlanAccess,
    batch: BatchRow | undefined,
  ): Promise<FileUploadResponse> {
    const blob = await this.storage.putFile(file.path);
    const now = this.clock.now();
    let row: FileRow | undefined;
    let job: CompressionJobRow;
    try {
      row = await this.files.createProcessing(
        {
          userId: user.id,
          folderId: fields.folderId ?? null,
          status: 'processing',
          name: file.originalName,
          format: type.ext,
          level: fields.compressionLevel,
          blobKey: blob.key,
          originalSize: blob.size,
          expiresAt: plan.mayStore ? null : new Date(now.getTime() + TEMPORARY_FILE_TTL_MS),
        },
        batch && { id: batch.id, maxFiles: batch.maxFiles },
      );
      if (!row) throw new ConflictError(ErrorMessages.batchFull);
      job = await this.compression.startLibraryJob({
        userId: user.id,
        fileId: row.id,
        level: fields.compressionLevel,
        targetBytes: fields.targetBytes ?? null,
        maxDimension: fields.maxDimension ?? null,
        maxImagePpi: fields.maxImagePpi ?? null,
        belowFloor: fields.belowFloor ?? false,
        // The user's saved choice when the upload names none.
        metadata: fields.metadata ?? user.photoData,
        fileName: file.originalName,
        inputFormat: type.ext,
        inputBlob: blob.key,
        originalSize: blob.size,
        callbackUrl: fields.callbackUrl,
      });
    } catch (err) {
      // Nothing of a refused upload is kept.
      if (row) await this.files.deleteProcessing(row.id);
      await this.storage.delete(blob.key);
      // The folder or batch was deleted between its check and the insert.
      if (isForeignKeyViolation(err))
        throw new NotFoundError(fields.batchId ? ErrorMessages.batchNotFound : ErrorMessages.folderNotFound);
      throw err;
    }
    const settled = await this.compression.settled(job.id);
    if (settled.status === 'failed') {
      const message = settled.error ?? 'Compression failed. Please try again.';
      throw message === ErrorMessages.storageFull ? new PayloadTooLargeError(message) : new UnprocessableError(message);
    }
    const ready = settled.status === 'completed' ? await this.files.findReadyOwned(row.id, user.id, this.clock.now()) : undefined;
    const stored = ready?.storedSize ?? null;
    return {
      jobId: job.id,
      status: ready ? 'completed' : settled.status,
      fileId: row.id,
      originalSize: blob.size,
      compressedSize: stored,
      compressionRatio: stored === null ? null : ratioOf(blob.size, stored),
      file: ready ? toFileRecord(ready) : null,
    };
  }

  private async openBatch(user: UserRow, plan: PlanAccess, batchId: string): Promise<BatchRow> {
    if (!plan.mayBatch) throw new ForbiddenError(ErrorMessages.batchPremium);
    const batch = await this.batches.findOwned(batchId, user.id);
    if (!batch || batch.expiresAt <= this.clock.now()) throw new NotFoundError(ErrorMessages.batchNotFound);
    return batch;
  }
}

/** PostgreSQL's foreign_key_violation (23503), as pg and PGlite report it (possibly wrapped by Drizzle). */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}
