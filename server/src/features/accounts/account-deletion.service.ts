import type { StoragePort } from '../../adapters/storage/storage.port.js';
import type { UserRepository } from './user.repository.js';

/** Lists the blobs one capability keeps for an account (its files, its jobs' uploads and results). */
export type OwnedBlobs = (userId: string) => Promise<string[]>;

/**
 * Deleting an account removes everything it owns: its rows (by cascade) and then their blobs. Each capability that
 * keeps blobs for accounts registers how to list them, so accounts need not know them.
 */
export class AccountDeletionService {
  private readonly owners: OwnedBlobs[] = [];
  private readonly beforeDelete: Array<(userId: string) => Promise<void>> = [];

  constructor(
    private readonly users: UserRepository,
    private readonly storage: StoragePort,
  ) {}

  registerOwnedBlobs(list: OwnedBlobs): void {
    this.owners.push(list);
  }

  /** Work that must happen before the account goes (ending a subscription at the payment provider). */
  registerBeforeDelete(step: (userId: string) => Promise<void>): void {
    this.beforeDelete.push(step);
  }

  /** Returns false when there was no such account. Blobs go after the rows, so no row ever points to a missing blob. */
  async delete(userId: string): Promise<boolean> {
    for (const step of this.beforeDelete) await step(userId);
    const keys = new Set((await Promise.all(this.owners.map((list) => list(userId)))).flat());
    if (!(await this.users.delete(userId))) return false;
    for (const key of keys) await this.storage.delete(key);
    return true;
  }
}
