import { ErrorMessages, STORAGE_LIMIT_BYTES } from '@shrinkly/contract';
import { isEngineError } from '@shrinkly/engine';
import type { StoragePort } from '../../adapters/storage/storage.port.js';
import type { Clock } from '../../common/clock.js';
import { downloadName } from '../../common/file-naming.js';
import type { CompressionJobRow } from '../../db/schema/index.js';
import type { StoredOutput } from '../../jobs/engine-step.js';
import type { Finisher } from '../../jobs/job-runner.js';
import type { CompressionJobRecords } from '../compression/compression.job-records.js';
import { targetColumns } from '../compression/compression-views.js';
import type { FileRepository } from './file.repository.js';

/** What a job records when its owner deleted the file while it was being compressed. */
export const FILE_DELETED_MESSAGE = 'The file was deleted before its compression finished';

/**
 * The end of a My Files compression job: the result becomes the file (if it fits in the owner's storage), or
 * the upload is removed with the reason. The file owns its blob afterwards; the job keeps only its history.
 * What the engine cannot compress (plain text in a batch, a file past its work budget) is kept as uploaded.
 */
export class LibraryResultFinisher implements Finisher<CompressionJobRow> {
  constructor(
    private readonly files: FileRepository,
    private readonly jobs: CompressionJobRecords,
    private readonly storage: StoragePort,
    private readonly clock: Clock,
  ) {}

  /** Its file was deleted while the job waited (the link is cleared with the row): nothing to compress. */
  async before(job: CompressionJobRow): Promise<string | undefined> {
    return job.fileId ? undefined : FILE_DELETED_MESSAGE;
  }

  keepsAsUploaded(job: CompressionJobRow, err: unknown): string | undefined {
    return isEngineError(err, 'unsupported') || isEngineError(err, 'over-budget') ? job.inputFormat : undefined;
  }

  /** A file deleted mid-way takes its upload with it, so the tool fails: that is the owner's doing, not a fault. */
  async explain(job: CompressionJobRow): Promise<string | undefined> {
    const current = await this.jobs.findById(job.id);
    return current?.fileId ? undefined : FILE_DELETED_MESSAGE;
  }

  /**
   * Stores a finished result. Running it again for the same job (a restart between two of its steps) is harmless:
   * a file already ready stays as it is and the repeated result is dropped.
   */
  async complete(job: CompressionJobRow, result: StoredOutput): Promise<'success' | 'failed'> {
    const file = job.fileId ? await this.files.findById(job.fileId) : undefined;
    if (file?.status === 'ready') {
      for (const key of new Set([result.blobKey, job.inputBlob, result.compareBlob]))
        if (key && key !== file.blobKey) await this.storage.delete(key);
      await this.finish(job, result);
      return 'success';
    }
    const outcome = file
      ? await this.files.readyIfFits(
          file.id,
          file.userId,
          {
            blobKey: result.blobKey,
            storedSize: result.size,
            isCompressed: !result.unchanged,
            qualityScore: result.score,
            compareBlob: result.compareBlob,
            format: result.format,
            // A WAV stored as FLAC is named .flac.
            name: result.format === job.inputFormat ? file.name : downloadName(file.name, result.format),
          },
          STORAGE_LIMIT_BYTES,
        )
      : 'gone';
    if (outcome !== 'ready') {
      // The upload itself goes with its row in fail().
      if (result.blobKey !== job.inputBlob) await this.storage.delete(result.blobKey);
      if (result.compareBlob) await this.storage.delete(result.compareBlob);
      return this.fail(job, outcome === 'over-quota' ? ErrorMessages.storageFull : FILE_DELETED_MESSAGE);
    }
    if (job.inputBlob && job.inputBlob !== result.blobKey) await this.storage.delete(job.inputBlob);
    await this.finish(job, result);
    return 'success';
  }

  /**
   * The upload is not kept: its row and bytes go (only while it is still processing: a ready file is never
   * removed here), and the job records why. A row already deleted by its owner took its bytes with it.
   */
  async fail(job: CompressionJobRow, message: string): Promise<'failed'> {
    const row = job.fileId ? await this.files.deleteProcessing(job.fileId) : undefined;
    if (row) await this.storage.delete(row.blobKey);
    await this.jobs.update(job.id, {
      status: 'failed',
      finishedAt: this.clock.now(),
      error: message,
      inputBlob: null,
      outputBlob: null,
    });
    return 'failed';
  }

  private async finish(job: CompressionJobRow, result: StoredOutput): Promise<void> {
    await this.jobs.update(job.id, {
      status: 'completed',
      progress: 100,
      finishedAt: this.clock.now(),
      outputFormat: result.format,
      compressedSize: result.size,
      unchanged: result.unchanged,
      qualityScore: result.score,
      ...targetColumns(result),
      inputBlob: null,
      outputBlob: null,
    });
  }
}
