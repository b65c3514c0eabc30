import type { StoragePort } from '../../adapters/storage/storage.port.js';
import type { CompressionJobRepository } from '../compression/compression-job.repository.js';
import type { FileRepository } from '../files/file.repository.js';
import type { UserRepository } from './user.repository.js';

/** Deleting an account removes everything it owns: its rows (by cascade) and then their blobs. */
export class AccountDeletionService {
  constructor(
    private readonly users: UserRepository,
    private readonly files: FileRepository,
    private readonly jobs: CompressionJobRepository,
    private readonly storage: StoragePort,
  ) {}

  /** Returns false when there was no such account. Blobs go after the rows, so no row ever points to a missing blob. */
  async delete(userId: string): Promise<boolean> {
    const keys = new Set([...(await this.files.listBlobsOfUser(userId)), ...(await this.jobs.listBlobsOfUser(userId))]);
    if (!(await this.users.delete(userId))) return false;
    for (const key of keys) await this.storage.delete(key);
    return true;
  }
}
