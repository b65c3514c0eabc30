import { openAsBlob } from 'node:fs';
import { type ApiClient, DIRECT_UPLOAD_MAX_BYTES, type FileUploadResponse, sendChunks, sendForm } from '@shrinkly/contract';
import type { SyncItem } from './sync-queue.js';

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

/** Chunks (sendChunks), then POST /api/files/assemble-chunks, which stores the joined file in My Files like a direct upload. */
async function uploadInChunks(api: ApiClient, item: SyncItem): Promise<FileUploadResponse> {
  const sent = await sendChunks(api, await openAsBlob(item.path), item.name);
  return api.assembleFileChunks({ ...sent, compressionLevel: item.level, ...(item.folderId && { folderId: item.folderId }) });
}

/** Sends one queued file to My Files, in one request or in chunks by its size. */
export function uploadToMyFiles(
  api: ApiClient,
  item: SyncItem,
  chunkThresholdBytes = DIRECT_UPLOAD_MAX_BYTES,
): Promise<FileUploadResponse> {
  return item.size > chunkThresholdBytes ? uploadInChunks(api, item) : uploadWhole(api, item);
}
