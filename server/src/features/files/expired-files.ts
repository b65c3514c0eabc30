import type { StoragePort } from '../../adapters/storage/storage.port.js';
import type { SweepTask } from '../../common/sweep-tasks.js';
import type { FileRepository } from './file.repository.js';

/** Free accounts' files, 24 hours after upload: the row (freeing its storage) and then the blob. */
export function expiredFiles(files: FileRepository, storage: StoragePort): SweepTask {
  return {
    name: 'files',
    async sweep(now) {
      let removed = 0;
      for (;;) {
        const expired = await files.listExpired(now);
        if (expired.length === 0) return removed;
        for (const file of expired) {
          if (await files.deleteOwned(file.id, file.userId)) await storage.delete(file.blobKey);
          removed += 1;
        }
      }
    },
  };
}
