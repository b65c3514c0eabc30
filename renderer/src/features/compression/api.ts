import {
  ApiError,
  type AssembleChunksRequest,
  type CompressionJob,
  type CompressionLevel,
  type CompressionPreview,
  type CompressionResponse,
  type Endpoint,
  endpoints,
} from '@shrinkly/contract';
import { api } from '../../api/client';
import { DIRECT_UPLOAD_TIMEOUT_MS, directUploadTimeoutMs, JOB_POLL_INTERVAL_MS } from './upload-timing';
import { messageFromBody, sleep } from './upload-errors';
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

/**
 * The job routes take the job id in the path. The contract client's types do not carry path parameters yet, so
 * these three go through this small helper, with the same error shape (ApiError with the server's message).
 */
async function jobCall(endpoint: Endpoint, jobId: string): Promise<CompressionJob> {
  const path = endpoint.path.replace('{jobId}', encodeURIComponent(jobId));
  const res = await fetch(path, { method: endpoint.method, headers: { Accept: 'application/json' }, credentials: 'include' });
  if (!res.ok) throw new ApiError(res.status, messageFromBody(await res.text().catch(() => '')) ?? res.statusText);
  return (await res.json()) as CompressionJob;
}

export function getJob(jobId: string): Promise<CompressionJob> {
  return jobCall(endpoints.compressionJob, jobId);
}

/** Starts a paid job's compression (the server refuses with 402 while it is unpaid). */
export function processPaidJob(jobId: string): Promise<CompressionJob> {
  return jobCall(endpoints.processPaidCompression, jobId);
}

/** Sandbox only: marks the job paid, as `?test=success` asks. */
export function simulatePayment(jobId: string): Promise<CompressionJob> {
  return jobCall(endpoints.simulatePaymentSuccess, jobId);
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
