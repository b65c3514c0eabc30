import {
  type CompressionJob,
  type CompressionResponse,
  type QualityFields,
  type SizeSaving,
  sizeSaving,
  type TargetOutcome,
} from '@shrinkly/contract';

/** A finished compression, ready to download. */
export interface CompressedFile extends SizeSaving, QualityFields {
  /** The compression job that made it. */
  jobId: string;
  fileName: string;
  /** Signed link, usable without an account; null once it has expired. */
  downloadUrl: string | null;
  downloadExpiresAt: string | null;
  /** Paid (100MB or more) results live 1 hour, free ones 24 hours. */
  paid: boolean;
  /** How a requested target size went; null without one. */
  target: TargetOutcome;
}

/** A large file uploaded and waiting for its per-file payment. */
export interface PaymentDue {
  jobId: string;
  fileName: string;
  fileSize: number;
  /** USD. */
  cost: number | null;
  paymentUrl: string | null;
}

/** The three variants of the landing result card (docs/product/SPEC.md §2). */
export type CompressionOutcome =
  | { kind: 'compressed'; file: CompressedFile }
  | { kind: 'payment'; payment: PaymentDue }
  | { kind: 'premium' };

/** A completed job as a downloadable result. */
export function compressedFileFromJob(job: CompressionJob): CompressedFile {
  return {
    jobId: job.jobId,
    fileName: job.fileName,
    ...sizeSaving(job.originalSize, job.compressedSize ?? job.originalSize),
    qualityScore: job.qualityScore,
    qualityLabel: job.qualityLabel,
    target: job.target,
    downloadUrl: job.temporaryUrl,
    downloadExpiresAt: job.downloadExpiresAt,
    paid: job.isPaid,
  };
}

/** A completed compression response as a downloadable result (null when it carries no result). */
export function compressedFileFromResponse(response: CompressionResponse, fileName: string): CompressedFile | null {
  const result = response.compressionResult;
  if (response.status !== 'completed' || !result) return null;
  return {
    jobId: response.jobId,
    fileName,
    originalSize: result.originalSize,
    compressedSize: result.compressedSize,
    spaceSaved: result.spaceSaved,
    qualityScore: result.qualityScore,
    qualityLabel: result.qualityLabel,
    target: result.target,
    downloadUrl: response.downloadUrl,
    downloadExpiresAt: response.downloadExpiresAt,
    paid: false,
  };
}

export function paymentDueFromResponse(response: CompressionResponse, fileName: string): PaymentDue {
  return { jobId: response.jobId, fileName, fileSize: response.fileSize, cost: response.cost, paymentUrl: response.paymentUrl };
}

export function paymentDueFromJob(job: CompressionJob): PaymentDue {
  return {
    jobId: job.jobId,
    fileName: job.fileName,
    fileSize: job.originalSize,
    cost: job.paymentAmount,
    paymentUrl: job.paymentUrl,
  };
}
