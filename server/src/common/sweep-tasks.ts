import type { StoragePort } from '../adapters/storage/storage.port.js';

/** One kind of expired thing: removes what has outlived `now` and says how many it removed. */
export interface SweepTask {
  name: string;
  sweep(now: Date): Promise<number>;
  /**
   * Runs in every process, for what belongs to its machine (temporary folders). Other tasks act on the shared
   * database and storage, and run in one process of the deployment at a time.
   */
  everyProcess?: boolean;
}

/**
 * The sweep tasks of the application, each registered by the feature that owns what expires (as queues' handlers are
 * declared with JobHandlers), so the sweeper knows no feature. Registered in module order; names are unique.
 */
export class SweepTasks {
  private readonly tasks: SweepTask[] = [];

  register(task: SweepTask): void {
    if (this.tasks.some((t) => t.name === task.name)) throw new Error(`sweep task ${task.name} is registered twice`);
    this.tasks.push(task);
  }

  list(): readonly SweepTask[] {
    return this.tasks;
  }
}

/** A table whose expired rows are listed a page at a time and deleted one by one. */
export interface ExpiringRecords<R extends { id: string }> {
  listExpired(now: Date): Promise<R[]>;
  delete(id: string): Promise<void>;
}

/**
 * A sweep of expired rows: listed a page at a time (each page starts again from the first expired row, so `remove`
 * must take the row out of the list) until none is left; says how many it removed.
 */
export function pagedSweep<R>(
  name: string,
  listExpired: (now: Date) => Promise<R[]>,
  remove: (row: R) => Promise<void>,
): SweepTask {
  return {
    name,
    async sweep(now) {
      let removed = 0;
      for (;;) {
        const expired = await listExpired(now);
        if (expired.length === 0) return removed;
        for (const row of expired) {
          await remove(row);
          removed += 1;
        }
      }
    },
  };
}

/** Expired rows with the blobs they hold: each row's blobs first, then the row. */
export function expiredWithBlobs<R extends { id: string }>(
  name: string,
  records: ExpiringRecords<R>,
  blobsOf: (row: R) => Array<string | null>,
  storage: StoragePort,
): SweepTask {
  return pagedSweep(
    name,
    (now) => records.listExpired(now),
    async (row) => {
      for (const key of new Set(blobsOf(row))) if (key) await storage.delete(key);
      await records.delete(row.id);
    },
  );
}
