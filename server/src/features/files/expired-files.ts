import type { StoragePort } from '../../adapters/storage/storage.port.js';
import { pagedSweep, type SweepTask } from '../../common/sweep-tasks.js';
import type { FileRepository } from './file.repository.js';
import { deleteFileBlobs } from './file-blobs.js';

/** Free accounts' files, 24 hours after upload: the row (freeing its storage) and then the blob. */
export function expiredFiles(files: FileRepository, storage: StoragePort): SweepTask {
  return pagedSweep(
    'files',
    (now) => files.listExpired(now),
    async (file) => {
      const row = await files.deleteOwned(file.id, file.userId);
      if (row) await deleteFileBlobs(storage, row);
    },
  );
}
