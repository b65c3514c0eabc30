import { createWriteStream, openAsBlob } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type ApiClient,
  CHUNK_SIZE_BYTES,
  type CompressionJob,
  type CompressionLevel,
  type CompressionResponse,
  createApiClient,
  type MetadataChoice,
  qualityLabel,
  readApiError,
  sendChunks,
  sendForm,
} from '@shrinkly/contract';

/** Where and as whom the command line compresses on the service. */
export interface RemoteService {
  server: string;
  apiKey: string;
}

export interface RemoteRequest {
  level: CompressionLevel;
  targetBytes?: number | undefined;
  belowFloor?: boolean;
  maxDimension?: number | undefined;
  metadata?: MetadataChoice;
}

/**
 * Files past this go in chunks: over the internet a lost connection then costs one chunk, retried, instead of the
 * whole upload.
 */
const DIRECT_MAX_BYTES = 8 * CHUNK_SIZE_BYTES;
/** How often a job not finished within the upload's answer is asked about. */
const POLL_MS = 1000;

export function remoteClient(service: RemoteService): ApiClient {
  return createApiClient({ baseUrl: service.server.replace(/\/+$/, ''), getToken: () => service.apiKey });
}

/** The request's text fields, as the compress and assemble routes take them. */
function fieldsOf(request: RemoteRequest): Record<string, string> {
  const fields: Record<string, string> = { compressionLevel: request.level };
  if (request.targetBytes !== undefined) fields.targetBytes = String(request.targetBytes);
  if (request.belowFloor) fields.belowFloor = 'true';
  if (request.maxDimension !== undefined) fields.maxDimension = String(request.maxDimension);
  if (request.metadata) fields.metadata = request.metadata;
  return fields;
}

/**
 * Sends a file to the service with the account's API key (in one request, or in chunks past DIRECT_MAX_BYTES), follows the job and writes the result to `outputOf(format)` — under a temporary name
 * until every byte is there. Resolves with what the command line prints for it.
 */
export async function compressRemotely(
  service: RemoteService,
  input: string,
  request: RemoteRequest,
  outputOf: (format: string) => string,
  onProgress: (stage: string, percent: number) => void,
): Promise<Record<string, unknown>> {
  const api = remoteClient(service);
  const file = await openAsBlob(input);
  const name = path.basename(input);
  let answer: CompressionResponse;
  if (file.size > DIRECT_MAX_BYTES) {
    const sent = await sendChunks(api, file, name, (bytes) => onProgress('upload', Math.floor((bytes / file.size) * 100)));
    answer = await api.assembleChunks({ ...sent, ...fieldsOf(request), ...numbers(request) });
  } else {
    const form = new FormData();
    for (const [field, value] of Object.entries(fieldsOf(request))) form.set(field, value);
    form.set('file', file, name);
    answer = await sendForm(api.compress, form);
  }
  if (answer.requiresPayment) {
    throw new Error(
      `the service asks $${answer.cost?.toFixed(2)} for a file this size on this account: pay at ${answer.paymentUrl}, or use a trial or Premium account`,
    );
  }
  const job = await finished(api, answer.jobId, onProgress);
  const format = job.format ?? answer.compressionResult?.format;
  if (!job.temporaryUrl || !format) throw new Error('the service finished the job without a result to download');
  const output = outputOf(format);
  await download(service, job.temporaryUrl, output);
  return {
    input,
    output,
    format,
    originalSize: job.originalSize,
    compressedSize: job.compressedSize,
    unchanged: job.compressedSize === job.originalSize,
    score: job.qualityScore,
    quality: job.qualityScore === null ? null : qualityLabel(job.qualityScore),
    target: job.target,
    server: service.server,
    jobId: job.jobId,
  };
}

/** The assemble route takes numbers where the multipart form takes text. */
function numbers(request: RemoteRequest) {
  return { targetBytes: request.targetBytes, maxDimension: request.maxDimension, belowFloor: request.belowFloor ?? false };
}

async function finished(
  api: ApiClient,
  jobId: string,
  onProgress: (stage: string, percent: number) => void,
): Promise<CompressionJob> {
  for (;;) {
    const job = await api.compressionJob({ jobId });
    if (job.status === 'completed') return job;
    if (job.status === 'failed') throw new Error(job.error ?? 'the service could not compress the file');
    onProgress('compress', job.progress);
    await sleep(POLL_MS);
  }
}

/** Streams the result to disk under a temporary name, then renames it: never a half-written result. */
async function download(service: RemoteService, url: string, output: string): Promise<void> {
  const absolute = new URL(url, service.server).toString();
  const res = await fetch(absolute, { headers: { authorization: `Bearer ${service.apiKey}` } });
  if (!res.ok || !res.body) throw await readApiError(res);
  const partial = `${output}.${process.pid}.part`;
  try {
    await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(partial, { flags: 'wx' }));
    await rename(partial, output);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}
