import { ErrorMessages, STORAGE_LIMIT_BYTES } from '@shrinkly/contract';
import type { StoragePort } from '../adapters/storage/storage.port.js';
import type { CompressionJobRow } from '../db/schema/index.js';
import { downloadName } from '../http/send-blob.js';
import type { CompressionJobRepository } from '../repositories/compression-job.repository.js';
import type { FileRepository } from '../repositories/file.repository.js';
import type { Clock } from './clock.js';

/** A finished compression of a My Files upload: where its result is and what it is. */
export interface StoredResult {
  blobKey: string;
  format: string;
  size: number;
  unchanged: boolean;
}

/**
 * The end of a My Files compression job: the result becomes the file (if it fits in the owner's storage), or
 * the upload is removed with the reason. The file owns its blob afterwards; the job keeps only its history.
 */
export class FileStoreService {
  constructor(
    private readonly files: FileRepository,
    private readonly jobs: CompressionJobRepository,
    private readonly storage: StoragePort,
    private readonly clock: Clock,
  ) {}

  async complete(job: CompressionJobRow, result: StoredResult): Promise<'success' | 'failed'> {
    const file = job.fileId ? await this.files.findById(job.fileId) : undefined;
    const outcome = file
      ? await this.files.readyIfFits(
          file.id, file.userId,
          {
            blobKey: result.blobKey, storedSize: result.size, isCompressed: !result.unchanged, format: result.format,
            // A WAV stored as FLAC is named .flac.
            name: result.format === job.inputFormat ? file.name : downloadName(file.name, result.format),
          },
          STORAGE_LIMIT_BYTES,
        )
      : 'gone';
    if (outcome !== 'ready') {
      await this.storage.delete(result.blobKey);
      return this.fail(job, outcome === 'over-quota' ? ErrorMessages.storageFull : 'The file was deleted before its compression finished');
    }
    if (job.inputBlob && job.inputBlob !== result.blobKey) await this.storage.delete(job.inputBlob);
    await this.jobs.update(job.id, {
      status: 'completed', progress: 100, finishedAt: this.clock.now(), outputFormat: result.format, compressedSize: result.size,
      unchanged: result.unchanged, inputBlob: null, outputBlob: null,
    });
    return 'success';
  }

  /** The upload is not kept: its file row and bytes go, and the job records why. */
  async fail(job: CompressionJobRow, message: string): Promise<'failed'> {
    if (job.fileId && job.userId) await this.files.deleteOwned(job.fileId, job.userId);
    if (job.inputBlob) await this.storage.delete(job.inputBlob);
    await this.jobs.update(job.id, { status: 'failed', finishedAt: this.clock.now(), error: message, inputBlob: null, outputBlob: null });
    return 'failed';
  }
}
