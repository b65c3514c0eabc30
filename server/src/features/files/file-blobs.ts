import type { StoragePort } from '../../adapters/storage/storage.port.js';
import type { FileRow } from '../../db/schema/index.js';

/** A deleted file's blobs: its bytes, then its before/after renditions, if it has any. */
export async function deleteFileBlobs(storage: StoragePort, row: Pick<FileRow, 'blobKey' | 'compareBlob'>): Promise<void> {
  await storage.delete(row.blobKey);
  if (row.compareBlob) await storage.delete(row.compareBlob);
}
