import { TEMPORARY_FILE_TTL_MS } from '@shrinkly/contract';
import type { StoragePort } from '../../adapters/storage/storage.port.js';
import type { ResetTokenRepository } from '../accounts/reset-token.repository.js';
import type { CompressionJobRepository } from '../compression/compression-job.repository.js';
import type { ConversionJobRepository } from '../converter/conversion-job.repository.js';
import type { BatchRepository } from '../files/batch.repository.js';
import type { FileRepository } from '../files/file.repository.js';
import type { ChunkUploadService } from '../uploads/chunk-upload.service.js';
import type { SweepTask } from './sweeper.service.js';

/** A table whose expired rows are listed a page at a time and deleted one by one, with the blobs they hold. */
interface ExpiringRecords<R extends { id: string }> {
  listExpired(now: Date): Promise<R[]>;
  delete(id: string): Promise<void>;
}

function expiredWithBlobs<R extends { id: string }>(
  name: string,
  records: ExpiringRecords<R>,
  blobsOf: (row: R) => Array<string | null>,
  storage: StoragePort,
): SweepTask {
  return {
    name,
    async sweep(now) {
      let removed = 0;
      for (;;) {
        const expired = await records.listExpired(now);
        if (expired.length === 0) return removed;
        for (const row of expired) {
          for (const key of new Set(blobsOf(row))) if (key) await storage.delete(key);
          await records.delete(row.id);
          removed += 1;
        }
      }
    },
  };
}

/** Expired compression jobs (visitors' uploads and results, and finished job records) with their blobs. */
export function expiredJobs(jobs: CompressionJobRepository, storage: StoragePort): SweepTask {
  return expiredWithBlobs('jobs', jobs, (job) => [job.inputBlob, job.outputBlob], storage);
}

/** Chunked uploads nobody assembled within the temporary-file lifetime. */
export function abandonedUploads(uploads: ChunkUploadService): SweepTask {
  return { name: 'uploads', sweep: (now) => uploads.removeAbandoned(now, TEMPORARY_FILE_TTL_MS) };
}

/** Free accounts' files, 24 hours after upload: the row (freeing its storage) and then the blob. */
export function expiredFiles(files: FileRepository, storage: StoragePort): SweepTask {
  return {
    name: 'files',
    async sweep(now) {
      let removed = 0;
      for (;;) {
        const expired = await files.listExpired(now);
        if (expired.length === 0) return removed;
        for (const file of expired) {
          if (await files.deleteOwned(file.id, file.userId)) await storage.delete(file.blobKey);
          removed += 1;
        }
      }
    },
  };
}

export function expiredBatches(batches: BatchRepository): SweepTask {
  return { name: 'batches', sweep: (now) => batches.deleteExpired(now) };
}

/** Password reset links past their hour, used or not: nothing can be done with them any more. */
export function expiredResetLinks(tokens: ResetTokenRepository): SweepTask {
  return { name: 'resetLinks', sweep: (now) => tokens.deleteExpired(now) };
}

/** Converted files and their uploads, 24 hours after upload. */
export function expiredConversions(jobs: ConversionJobRepository, storage: StoragePort): SweepTask {
  return expiredWithBlobs('conversions', jobs, (job) => [job.inputBlob, job.outputBlob], storage);
}
