import { createWriteStream, openAsBlob } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type ApiClient,
  ApiError,
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
  maxImagePpi?: number | undefined;
  metadata?: MetadataChoice;
}

/**
 * Files past this go in chunks: over the internet a lost connection then costs one chunk, retried, instead of the
 * whole upload.
 */
const DIRECT_MAX_BYTES = 8 * CHUNK_SIZE_BYTES;
/** How often a job not finished within the upload's answer is asked about, at first and at most. */
const POLL_MS = 1000;
const POLL_MAX_MS = 5000;
/** Tries of a call the service answers 429 (too many requests with this key). */
const RATE_LIMITED_ATTEMPTS = 5;

export function remoteClient(service: RemoteService): ApiClient {
  return createApiClient({ baseUrl: service.server.replace(/\/+$/, ''), getToken: () => service.apiKey });
}

/** The request's text fields, as the compress and assemble routes take them. */
function fieldsOf(request: RemoteRequest): Record<string, string> {
  const fields: Record<string, string> = { compressionLevel: request.level };
  if (request.targetBytes !== undefined) fields.targetBytes = String(request.targetBytes);
  if (request.belowFloor) fields.belowFloor = 'true';
  if (request.maxDimension !== undefined) fields.maxDimension = String(request.maxDimension);
  if (request.maxImagePpi !== undefined) fields.maxImagePpi = String(request.maxImagePpi);
  if (request.metadata) fields.metadata = request.metadata;
  return fields;
}

/** What a finished job gives the command line, from the upload's answer or from following the job. */
interface Finished {
  jobId: string;
  originalSize: number;
  compressedSize: number | null;
  format: string | null;
  unchanged: boolean | null;
  qualityScore: number | null;
  target: CompressionJob['target'];
  downloadUrl: string | null;
}

/**
 * Sends a file to the service with the account's API key (in one request, or in chunks past DIRECT_MAX_BYTES),
 * follows the job unless the answer already holds the result, and writes the result to `outputOf(format)`: made in
 * a temporary folder, then copied in whole, so an interrupted download leaves nothing beside the originals. A 429
 * waits as long as the service says and tries again.
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
    answer = await patiently(() => api.assembleChunks({ ...sent, ...fieldsOf(request), ...numbers(request) }));
  } else {
    const form = new FormData();
    for (const [field, value] of Object.entries(fieldsOf(request))) form.set(field, value);
    form.set('file', file, name);
    answer = await patiently(() => sendForm(api.compress, form));
  }
  if (answer.requiresPayment) {
    throw new Error(
      `the service asks $${answer.cost?.toFixed(2)} for a file this size on this account: pay at ${answer.paymentUrl}, or use a trial or Premium account`,
    );
  }
  const done =
    answer.compressionResult && answer.downloadUrl ? fromAnswer(answer) : await finished(api, answer.jobId, onProgress);
  if (!done.downloadUrl || !done.format) throw new Error('the service finished the job without a result to download');
  const output = outputOf(done.format);
  await download(new URL(done.downloadUrl, service.server), output);
  return {
    input,
    output,
    format: done.format,
    originalSize: done.originalSize,
    compressedSize: done.compressedSize,
    unchanged: done.unchanged,
    // The service keeps its recipe, metrics and notes to itself.
    recipe: null,
    score: done.qualityScore,
    quality: done.qualityScore === null ? null : qualityLabel(done.qualityScore),
    target: done.target,
    metrics: null,
    notes: [],
    server: service.server,
    jobId: done.jobId,
  };
}

function fromAnswer(answer: CompressionResponse): Finished {
  const result = answer.compressionResult as NonNullable<CompressionResponse['compressionResult']>;
  return {
    jobId: answer.jobId,
    originalSize: result.originalSize,
    compressedSize: result.compressedSize,
    format: result.format,
    unchanged: result.unchanged,
    qualityScore: result.qualityScore,
    target: result.target,
    downloadUrl: answer.downloadUrl,
  };
}

/** The assemble route takes numbers where the multipart form takes text. */
function numbers(request: RemoteRequest) {
  const { targetBytes, maxDimension, maxImagePpi } = request;
  return { targetBytes, maxDimension, maxImagePpi, belowFloor: request.belowFloor ?? false };
}

/** A call tried again after the wait a 429 names (a key's requests a minute are limited), up to a few times. */
async function patiently<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 429 || attempt >= RATE_LIMITED_ATTEMPTS) throw err;
      await sleep((err.retryAfterSeconds ?? 1) * 1000);
    }
  }
}

/** Follows a job, asking less often as it runs on (1 s, then up to 5 s between asks). */
async function finished(api: ApiClient, jobId: string, onProgress: (stage: string, percent: number) => void): Promise<Finished> {
  for (let ask = 0; ; ask++) {
    const job = await patiently(() => api.compressionJob({ jobId }));
    if (job.status === 'completed') return { ...job, downloadUrl: job.temporaryUrl };
    if (job.status === 'failed') throw new Error(job.error ?? 'the service could not compress the file');
    onProgress('compress', job.progress);
    await sleep(Math.min(POLL_MAX_MS, POLL_MS * (1 + Math.floor(ask / 5))));
  }
}

/**
 * Streams the result from its signed link (which needs no key, so none is sent: the link names the service's own
 * address, which may not be the one the key was given for) into a temporary folder, then copies it in whole.
 */
async function download(url: URL, output: string): Promise<void> {
  const res = await fetch(url);
  if (!res.ok || !res.body) throw await readApiError(res);
  const dir = await mkdtemp(path.join(tmpdir(), 'shrinkly-download-'));
  try {
    const partial = path.join(dir, 'result');
    await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(partial));
    await copyFile(partial, output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
