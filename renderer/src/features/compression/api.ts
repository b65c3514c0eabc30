import {
  type AssembleChunksRequest,
  type Comparison,
  type CompressionJob,
  type CompressionLevel,
  type CompressionPreview,
  type CompressionResponse,
  endpoints,
} from '@shrinkly/contract';
import { api } from '../../api/client';
import { multipartForm } from '../../transfer/multipart-form';
import { postMultipart } from '../../transfer/post-multipart';
import { DIRECT_UPLOAD_TIMEOUT_MS, directUploadTimeoutMs } from '../../transfer/transfer-timing';
import { type CompressionChoices, choiceFields } from './compression-options';

/** The server's estimate per level (files under the free limit). It really compresses, so it can take seconds. */
export function requestPreview(file: File, signal: AbortSignal): Promise<CompressionPreview> {
  const route = endpoints.compressionPreview;
  return postMultipart(route, multipartForm(route, {}, file), { signal, timeoutMs: DIRECT_UPLOAD_TIMEOUT_MS });
}

/** What the visitor asks of a compression: the level, and the choices beside it. */
export interface CompressionRequest extends CompressionChoices {
  level: CompressionLevel;
}

/** POST /api/compress with real upload progress; aborting the signal aborts the upload. */
export function compressDirect(
  file: File,
  request: CompressionRequest,
  options: { signal: AbortSignal; onUploadProgress: (fraction: number) => void; onUploaded: () => void },
): Promise<CompressionResponse> {
  const route = endpoints.compress;
  const fields = { compressionLevel: request.level, ...choiceFields(request) };
  return postMultipart(route, multipartForm(route, fields, file), {
    ...options,
    timeoutMs: directUploadTimeoutMs(file.size),
  });
}

/** Joins the chunks of an upload and starts (or prices) its compression; sends the stored token when there is one. */
export function assembleUpload(body: AssembleChunksRequest): Promise<CompressionResponse> {
  return api.assembleChunks(body);
}

/** A finished job's before/after renditions (404 when it has none). */
export function getComparison(jobId: string): Promise<Comparison> {
  return api.compressionComparison({ jobId });
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
