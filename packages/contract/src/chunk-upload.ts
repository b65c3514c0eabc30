import { type ApiClient, ApiError } from './client.js';
import { CHUNK_ATTEMPTS, CHUNK_SIZE_BYTES } from './constants.js';

/** Files up to this size go in one request; bigger ones in CHUNK_SIZE_BYTES chunks (desktop sync, command line). */
export const DIRECT_UPLOAD_MAX_BYTES = 32 * CHUNK_SIZE_BYTES;

/** What the assemble routes need once every chunk is stored. */
export interface SentChunks {
  uploadId: string;
  totalChunks: number;
  fileName: string;
  fileSize: number;
}

/** The typed client declares no body for multipart routes, though it sends the `form` it is given. */
export function sendForm<R>(method: () => Promise<R>, form: FormData): Promise<R> {
  return (method as unknown as (body: { form: FormData }) => Promise<R>)({ form });
}

/**
 * Sends `file` to POST /api/upload-chunk in CHUNK_SIZE_BYTES pieces, each tried up to CHUNK_ATTEMPTS times (a 4xx
 * is the server's answer and is not tried again); `onSent` hears the bytes stored so far after each piece.
 */
export async function sendChunks(
  api: ApiClient,
  file: Blob,
  fileName: string,
  onSent?: (bytes: number) => void,
): Promise<SentChunks> {
  const uploadId = crypto.randomUUID().replaceAll('-', '');
  const totalChunks = Math.max(1, Math.ceil(file.size / CHUNK_SIZE_BYTES));
  const common = { uploadId, totalChunks: String(totalChunks), fileName, fileSize: String(file.size) };
  for (let chunkIndex = 0; chunkIndex < totalChunks; chunkIndex++) {
    const chunk = file.slice(chunkIndex * CHUNK_SIZE_BYTES, (chunkIndex + 1) * CHUNK_SIZE_BYTES);
    for (let attempt = 1; ; attempt++) {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...common, chunkIndex: String(chunkIndex) })) form.set(name, value);
      form.set('chunk', chunk, fileName);
      try {
        await sendForm(api.uploadChunk, form);
        break;
      } catch (err) {
        if (attempt >= CHUNK_ATTEMPTS || (err instanceof ApiError && err.status < 500)) throw err;
      }
    }
    onSent?.(Math.min(file.size, (chunkIndex + 1) * CHUNK_SIZE_BYTES));
  }
  return { uploadId, totalChunks, fileName, fileSize: file.size };
}
