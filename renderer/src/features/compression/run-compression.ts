import { ApiError, type CompressionResponse } from '@shrinkly/contract';
import { uploadInChunks } from '../../transfer/chunked-upload';
import { followCompressionJob } from '../../transfer/follow-job';
import { JobFailedError, UploadError } from '../../transfer/transfer-errors';
import { assembleUpload, type CompressionRequest, compressDirect, getJob, processPaidJob, simulatePayment } from './api';
import { choiceFields } from './compression-options';
import {
  type CompressedFile,
  type CompressionOutcome,
  compressedFileFromJob,
  compressedFileFromResponse,
  paymentDueFromJob,
  paymentDueFromResponse,
} from './outcome';
import { isPremiumRequired } from './premium-required';
import { PROGRESS } from './upload-timing';

/** The status line above the percent bar. */
export const UPLOAD_STATUS = {
  uploading: 'Uploading...',
  processing: 'Processing...',
  assembling: 'Assembling your file...',
  compressing: 'Compressing...',
  complete: 'Complete!',
  paymentCheck: 'Checking your payment...',
} as const;

export interface RunContext {
  signal: AbortSignal;
  /** The processing view's status text and percent. */
  report: (status: string, percent: number) => void;
}

/**
 * Follows a running job until it is done, moving the bar from `from` towards 100 with the job's real progress.
 * A job that fails becomes a JobFailedError carrying the job's error.
 */
export async function followToResult(jobId: string, ctx: RunContext, from: number): Promise<CompressionOutcome> {
  ctx.report(UPLOAD_STATUS.compressing, from);
  const job = await followCompressionJob(jobId, {
    signal: ctx.signal,
    onProgress: ({ progress }) => {
      const percent = Math.round(from + ((PROGRESS.done - from) * progress) / 100);
      ctx.report(UPLOAD_STATUS.compressing, Math.min(PROGRESS.done - 1, percent));
    },
  });
  if (job.status === 'completed') return { kind: 'compressed', file: compressedFileFromJob(job) };
  if (job.status === 'payment_required') return { kind: 'payment', payment: paymentDueFromJob(job) };
  throw new JobFailedError(job.error ?? 'Compression failed');
}

/** What a compression response means for the card: the result, the payment, or a job to follow first. */
function settle(
  response: CompressionResponse,
  fileName: string,
  ctx: RunContext,
  followFrom: number,
): Promise<CompressionOutcome> {
  if (response.status === 'payment_required') {
    return Promise.resolve({ kind: 'payment', payment: paymentDueFromResponse(response, fileName) });
  }
  const file = compressedFileFromResponse(response, fileName);
  if (file) return Promise.resolve({ kind: 'compressed', file });
  return followToResult(response.jobId, ctx, followFrom);
}

/** Files under the free limit: one upload with real progress up to 50 %, then 60 processing, 80 compressing. */
export async function runDirect(file: File, request: CompressionRequest, ctx: RunContext): Promise<CompressionOutcome> {
  ctx.report(UPLOAD_STATUS.uploading, 0);
  const response = await compressDirect(file, request, {
    signal: ctx.signal,
    onUploadProgress: (fraction) => ctx.report(UPLOAD_STATUS.uploading, Math.round(fraction * PROGRESS.directUploaded)),
    onUploaded: () => ctx.report(UPLOAD_STATUS.processing, PROGRESS.directProcessing),
  });
  return settle(response, file.name, ctx, PROGRESS.directCompressing);
}

/** Large files: chunks fill the bar to 60 %, assembly 70, then the job (or the payment it waits for). */
export async function runChunked(file: File, request: CompressionRequest, ctx: RunContext): Promise<CompressionOutcome> {
  ctx.report(UPLOAD_STATUS.uploading, 0);
  const upload = await uploadInChunks(file, {
    signal: ctx.signal,
    onProgress: (sent, total) => ctx.report(UPLOAD_STATUS.uploading, Math.round((sent / total) * PROGRESS.chunksUploaded)),
  });
  ctx.report(UPLOAD_STATUS.assembling, PROGRESS.assembling);
  const fields = { compressionLevel: request.level, ...choiceFields(request) };
  const response = await assembleUpload({ ...upload, fileName: file.name, fileSize: file.size, ...fields }).catch(
    (error: unknown) => {
      // docs/product/SPEC.md §8: 'Assembly failed: {status} - {text}'; a premium refusal keeps its own meaning.
      if (!(error instanceof ApiError) || isPremiumRequired(error)) throw error;
      throw new UploadError(`Assembly failed: ${error.status} - ${error.serverMessage}`);
    },
  );
  ctx.signal.throwIfAborted();
  return settle(response, file.name, ctx, PROGRESS.assembling);
}

/**
 * A paid job to its result: with `simulate` the sandbox payment is recorded first; a job not yet completed is
 * started (process-paid-compression) and followed. Fails with the server's error (404 unknown job, 402 unpaid).
 */
export async function runPaidJob(jobId: string, ctx: RunContext, options: { simulate?: boolean } = {}): Promise<CompressedFile> {
  if (options.simulate) await simulatePayment(jobId);
  let job = await getJob(jobId);
  ctx.signal.throwIfAborted();
  if (job.status === 'failed') throw new JobFailedError(job.error ?? 'Compression failed');
  if (job.status !== 'completed') {
    job = await processPaidJob(jobId);
    ctx.signal.throwIfAborted();
    if (job.status !== 'completed') {
      const outcome = await followToResult(jobId, ctx, 0);
      if (outcome.kind !== 'compressed') throw new JobFailedError('Payment is required before this file is compressed');
      return outcome.file;
    }
  }
  return compressedFileFromJob(job);
}
