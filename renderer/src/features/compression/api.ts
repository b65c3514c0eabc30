import {
  type AssembleChunksRequest,
  type CompressionJob,
  type CompressionLevel,
  type CompressionPreview,
  type CompressionResponse,
  endpoints,
} from '@shrinkly/contract';
import { api } from '../../api/client';
import { DIRECT_UPLOAD_TIMEOUT_MS, directUploadTimeoutMs, JOB_POLL_INTERVAL_MS } from './upload-timing';
import { sleep } from './upload-errors';
import { postFormWithProgress } from './upload-request';

/** The server's estimate per level (files under the free limit). It really compresses, so it can take seconds. */
export function requestPreview(file: File, signal: AbortSignal): Promise<CompressionPreview> {
  const form = new FormData();
  form.append('file', file);
  return postFormWithProgress(endpoints.compressionPreview.path, form, { signal, timeoutMs: DIRECT_UPLOAD_TIMEOUT_MS });
}

/** POST /api/compress with real upload progress; aborting the signal aborts the upload. */
export function compressDirect(
  file: File,
  level: CompressionLevel,
  options: { signal: AbortSignal; onUploadProgress: (fraction: number) => void; onUploaded: () => void },
): Promise<CompressionResponse> {
  const form = new FormData();
  form.append('compressionLevel', level);
  form.append('file', file);
  return postFormWithProgress(endpoints.compress.path, form, { ...options, timeoutMs: directUploadTimeoutMs(file.size) });
}

/** Joins the chunks of an upload and starts (or prices) its compression; sends the stored token when there is one. */
export function assembleUpload(body: AssembleChunksRequest): Promise<CompressionResponse> {
  return api.assembleChunks(body);
}

export function getJob(jobId: string): Promise<CompressionJob> {
  return api.compressionJob({ jobId });
}

/** Starts a paid job's compression (the server refuses with 402 while it is unpaid). */
export function processPaidJob(jobId: string): Promise<CompressionJob> {
  return api.processPaidCompression({ jobId });
}

/** Sandbox only: marks the job paid, as `?test=success` asks. */
export function simulatePayment(jobId: string): Promise<CompressionJob> {
  return api.simulatePaymentSuccess({ jobId });
}

const SETTLED: ReadonlySet<CompressionJob['status']> = new Set(['completed', 'failed', 'payment_required']);

/** Polls a job until it is completed, failed or waiting for payment; `onProgress` sees every answer. */
export async function followJob(
  jobId: string,
  options: { signal: AbortSignal; onProgress?: (job: CompressionJob) => void },
): Promise<CompressionJob> {
  for (;;) {
    const job = await getJob(jobId);
    options.signal.throwIfAborted();
    options.onProgress?.(job);
    if (SETTLED.has(job.status)) return job;
    await sleep(JOB_POLL_INTERVAL_MS, options.signal);
  }
}
