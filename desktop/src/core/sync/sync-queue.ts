import { compressionLevelSchema } from '@shrinkly/contract';
import { z } from 'zod';
import type { KeyValueStore } from '../ports.js';

const QUEUE_KEY = 'syncQueue';
/** Synced items kept for the job list's badges; older ones are forgotten. */
const SYNCED_KEPT = 200;

export const syncItemSchema = z.object({
  jobId: z.string(),
  /** The file to send: the result, or the original when compression changed nothing. */
  path: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  level: compressionLevelSchema,
  folderId: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  /** When a failed item is tried again (ISO); null: not before the user asks. */
  nextAttemptAt: z.string().nullable(),
  state: z.enum(['queued', 'uploading', 'synced', 'failed', 'needs-sign-in', 'needs-plan']),
  error: z.string().nullable(),
});
export type SyncItem = z.infer<typeof syncItemSchema>;

/**
 * The sync queue, kept in the store after every change so that it survives a restart or a crash. An item that
 * was uploading when the app stopped is queued again on load (the upload starts over).
 */
export class SyncQueue {
  private items: SyncItem[];

  constructor(private readonly store: KeyValueStore) {
    const stored = z.array(syncItemSchema).safeParse(store.get(QUEUE_KEY));
    this.items = (stored.success ? stored.data : []).map((item) =>
      item.state === 'uploading' ? { ...item, state: 'queued' } : item,
    );
    this.save();
  }

  all(): readonly SyncItem[] {
    return this.items;
  }

  get(jobId: string): SyncItem | undefined {
    return this.items.find((item) => item.jobId === jobId);
  }

  /** Adds an item, or puts a known one back in the queue with its new file. */
  put(item: SyncItem): void {
    this.items = [...this.items.filter((i) => i.jobId !== item.jobId), item];
    this.save();
  }

  update(jobId: string, change: Partial<SyncItem>): void {
    this.items = this.items.map((item) => (item.jobId === jobId ? { ...item, ...change } : item));
    this.save();
  }

  /** Changes every item that `match` picks. */
  updateWhere(match: (item: SyncItem) => boolean, change: (item: SyncItem) => Partial<SyncItem>): void {
    this.items = this.items.map((item) => (match(item) ? { ...item, ...change(item) } : item));
    this.save();
  }

  private save(): void {
    const synced = this.items.filter((item) => item.state === 'synced');
    const forget = new Set(synced.slice(0, Math.max(0, synced.length - SYNCED_KEPT)));
    this.items = this.items.filter((item) => !forget.has(item));
    this.store.set(QUEUE_KEY, this.items);
  }
}
