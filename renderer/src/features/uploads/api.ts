import { type Batch, type CompressionLevel, ErrorMessages, endpoints, type SizeSaving, sizeSaving } from '@shrinkly/contract';
import { api } from '../../api/client';
import { followLibraryJob } from '../../transfer/follow-job';
import { type MultipartFields, multipartForm } from '../../transfer/multipart-form';
import { postMultipart } from '../../transfer/post-multipart';
import { JobFailedError } from '../../transfer/transfer-errors';
import { directUploadTimeoutMs } from '../../transfer/transfer-timing';
import { type CompressionChoices, choiceFields } from '../compression/compression-options';
import { markReportedByUpload } from '../files/upload-reports';

/** Starts a batch (trial and premium; 403 otherwise): its files are then uploaded with its batchId. */
export function createBatch(fileCount: number): Promise<Batch> {
  return api.createBatch({ fileCount });
}

/** Where an upload goes and how it is compressed. */
export interface UploadTarget {
  level: CompressionLevel;
  /** null: the root of My Files. */
  folderId: string | null;
  batchId?: string;
  /** Target size, resize and photo data (the defaults when absent). */
  choices?: CompressionChoices;
}

/** The text fields of an upload into My Files: the level and the options chosen beside it; none left empty. */
export function uploadFields(target: UploadTarget): MultipartFields {
  const { level, folderId, batchId, choices } = target;
  return { compressionLevel: level, folderId, batchId, ...(choices && choiceFields(choices)) };
}

export interface UploadCallbacks {
  signal: AbortSignal;
  /** The share of the bytes sent, 0 to 1. */
  onUploadProgress: (fraction: number) => void;
  /** Every byte is sent; the server is compressing. */
  onUploaded: () => void;
  /** A long compression's real progress, 0-100, while its job is followed. */
  onJobProgress: (percent: number) => void;
  /** The server took the file and compresses it in the background: My Files lists it as processing from now on. */
  onAccepted?: () => void;
}

/** An upload whose compression waits for a payment; My Files uploads are never paid per file. */
class PremiumRequiredError extends Error {
  override name = 'PremiumRequiredError';
  constructor() {
    super(ErrorMessages.premiumRequired);
  }
}

/**
 * Uploads one file into My Files with real byte progress. A quick compression answers completed at once; a long
 * one (HTTP 202) is followed through its job, on the owner's route, until it ends. Throws ApiError for refusals
 * (402, 403, 404, 413, 415), UploadError for transport failures and JobFailedError when the compression itself fails.
 */
export async function uploadToMyFiles(file: File, target: UploadTarget, callbacks: UploadCallbacks): Promise<SizeSaving> {
  const { signal } = callbacks;
  const route = endpoints.uploadFile;
  const response = await postMultipart(route, multipartForm(route, uploadFields(target), file), {
    signal,
    timeoutMs: directUploadTimeoutMs(file.size),
    onUploadProgress: callbacks.onUploadProgress,
    onUploaded: callbacks.onUploaded,
  });
  if (response.status === 'completed') {
    const compressedSize = response.file?.compressedSize ?? response.compressedSize ?? response.originalSize;
    const saving = sizeSaving(response.originalSize, compressedSize);
    return { ...saving, spaceSaved: response.file?.spaceSaved ?? saving.spaceSaved };
  }
  if (response.status === 'payment_required') throw new PremiumRequiredError();
  if (response.status === 'failed') throw new JobFailedError('Compression failed');
  callbacks.onUploaded();
  markReportedByUpload(response.jobId);
  callbacks.onAccepted?.();
  const job = await followLibraryJob(response.jobId, {
    signal,
    onProgress: (current) => callbacks.onJobProgress(current.progress),
  });
  if (job.status === 'completed') return sizeSaving(job.originalSize, job.compressedSize ?? job.originalSize);
  if (job.status === 'payment_required') throw new PremiumRequiredError();
  throw new JobFailedError(job.error ?? 'Compression failed');
}
