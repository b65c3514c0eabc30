import { CHUNK_ATTEMPTS, CHUNK_SIZE_BYTES, endpoints } from '@shrinkly/contract';
import { userAuthHeaders } from '../api/token-storage';
import { sleep } from './abortable-sleep';
import { multipartForm } from './multipart-form';
import { readAnswer } from './read-answer';
import { UploadError } from './transfer-errors';
import { CHUNK_CONCURRENCY, CHUNK_RETRY_DELAY_STEP_MS } from './transfer-timing';

export interface ChunkedUpload {
  uploadId: string;
  totalChunks: number;
}

/** 8-100 letters and digits, as the server asks. getRandomValues works on plain http too, unlike randomUUID. */
function newUploadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function sendChunk(file: File, upload: ChunkedUpload, chunkIndex: number, signal: AbortSignal): Promise<void> {
  const start = chunkIndex * CHUNK_SIZE_BYTES;
  const route = endpoints.uploadChunk;
  const fields = {
    chunkIndex,
    totalChunks: upload.totalChunks,
    uploadId: upload.uploadId,
    fileName: file.name,
    fileSize: file.size,
  };
  const body = multipartForm(route, fields, file.slice(start, start + CHUNK_SIZE_BYTES), file.name);
  // No progress is needed per chunk, so plain fetch does. The token goes with every chunk as with the assembly: an
  // upload belongs to who sent its first chunk, and the server refuses its assembly to anyone else.
  const init: RequestInit = { method: route.method, body, signal, credentials: 'include', headers: userAuthHeaders() };
  await readAnswer(route, await fetch(route.path, init));
}

/** One chunk, tried up to CHUNK_ATTEMPTS times with a delay of attempt × 1 s between tries (docs/product/SPEC.md §7). */
async function sendChunkWithRetries(file: File, upload: ChunkedUpload, chunkIndex: number, signal: AbortSignal): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendChunk(file, upload, chunkIndex, signal);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (attempt >= CHUNK_ATTEMPTS) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new UploadError(`Chunk ${chunkIndex + 1} upload failed after ${CHUNK_ATTEMPTS} attempts: ${reason}`);
      }
      await sleep(attempt * CHUNK_RETRY_DELAY_STEP_MS, signal);
    }
  }
}

/**
 * Sends a file in CHUNK_SIZE_BYTES pieces, a few at a time; `onProgress` gets the count of chunks stored.
 * Resolves with what the assembly call needs. Aborting the signal stops every request in flight.
 */
export async function uploadInChunks(
  file: File,
  options: { signal: AbortSignal; onProgress: (sent: number, total: number) => void },
): Promise<ChunkedUpload> {
  const upload: ChunkedUpload = { uploadId: newUploadId(), totalChunks: Math.max(1, Math.ceil(file.size / CHUNK_SIZE_BYTES)) };
  // One failed chunk stops the others too: the upload has failed.
  const failed = new AbortController();
  const signal = AbortSignal.any([options.signal, failed.signal]);
  let next = 0;
  let sent = 0;
  const worker = async () => {
    while (next < upload.totalChunks && !signal.aborted) {
      const index = next++;
      await sendChunkWithRetries(file, upload, index, signal);
      sent += 1;
      options.onProgress(sent, upload.totalChunks);
    }
  };
  // Chunks may arrive out of order: the server orders them by index when it assembles.
  const workers = Array.from({ length: Math.min(CHUNK_CONCURRENCY, upload.totalChunks) }, worker);
  try {
    await Promise.all(workers);
  } catch (error) {
    failed.abort();
    throw options.signal.aborted ? options.signal.reason : error;
  }
  return upload;
}
