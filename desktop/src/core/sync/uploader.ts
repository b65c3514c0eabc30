import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { type ApiClient, ApiError, CHUNK_ATTEMPTS, CHUNK_SIZE_BYTES, type FileUploadResponse } from '@shrinkly/contract';
import type { SyncItem } from './sync-queue.js';

/** Files up to this size go in one request; bigger ones in CHUNK_SIZE_BYTES chunks. */
export const DIRECT_UPLOAD_MAX_BYTES = 32 * CHUNK_SIZE_BYTES;

/** The typed client declares no body for multipart routes, though it sends the `form` it is given. */
function sendForm<R>(method: () => Promise<R>, form: FormData): Promise<R> {
  return (method as unknown as (body: { form: FormData }) => Promise<R>)({ form });
}

function uploadFields(item: SyncItem): Record<string, string> {
  return { compressionLevel: item.level, ...(item.folderId && { folderId: item.folderId }) };
}

/** One request: POST /api/files/upload, the text fields first, then the file (streamed from disk). */
async function uploadWhole(api: ApiClient, item: SyncItem): Promise<FileUploadResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(uploadFields(item))) form.set(name, value);
  form.set('file', await openAsBlob(item.path), item.name);
  return sendForm(api.uploadFile, form);
}

/**
 * Chunks: POST /api/upload-chunk for each CHUNK_SIZE_BYTES piece (each tried up to CHUNK_ATTEMPTS times), then
 * POST /api/files/assemble-chunks, which stores the joined file in My Files like a direct upload.
 */
async function uploadInChunks(api: ApiClient, item: SyncItem): Promise<FileUploadResponse> {
  const file = await openAsBlob(item.path);
  const uploadId = randomBytes(16).toString('hex');
  const totalChunks = Math.max(1, Math.ceil(file.size / CHUNK_SIZE_BYTES));
  const common = { uploadId, totalChunks: String(totalChunks), fileName: item.name, fileSize: String(file.size) };
  for (let chunkIndex = 0; chunkIndex < totalChunks; chunkIndex++) {
    const chunk = file.slice(chunkIndex * CHUNK_SIZE_BYTES, (chunkIndex + 1) * CHUNK_SIZE_BYTES);
    for (let attempt = 1; ; attempt++) {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...common, chunkIndex: String(chunkIndex) })) form.set(name, value);
      form.set('chunk', chunk, item.name);
      try {
        await sendForm(api.uploadChunk, form);
        break;
      } catch (err) {
        // A refusal (4xx) is the server's answer, not a lost request: trying again changes nothing.
        if (attempt >= CHUNK_ATTEMPTS || (err instanceof ApiError && err.status < 500)) throw err;
      }
    }
  }
  return api.assembleFileChunks({
    uploadId,
    totalChunks,
    fileName: item.name,
    fileSize: file.size,
    compressionLevel: item.level,
    ...(item.folderId && { folderId: item.folderId }),
  });
}

/** Sends one queued file to My Files, in one request or in chunks by its size. */
export function uploadToMyFiles(
  api: ApiClient,
  item: SyncItem,
  chunkThresholdBytes = DIRECT_UPLOAD_MAX_BYTES,
): Promise<FileUploadResponse> {
  return item.size > chunkThresholdBytes ? uploadInChunks(api, item) : uploadWhole(api, item);
}
