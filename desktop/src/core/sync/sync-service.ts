import { stat } from 'node:fs/promises';
import {
  ApiError,
  type DesktopAccount,
  DIRECT_UPLOAD_MAX_BYTES,
  type LocalJob,
  type SyncState,
  type SyncStatus,
} from '@shrinkly/contract';
import type { AccountService } from '../account/account-service.js';
import { isUnreachable } from '../account/account-service.js';
import type { SettingsStore } from '../settings/settings-store.js';
import type { SyncItem, SyncQueue } from './sync-queue.js';
import { uploadToMyFiles } from './uploader.js';

/** Backoff of failed uploads: baseMs after the first failure, doubling up to maxMs. */
export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
}
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 5_000, maxMs: 15 * 60_000 };

export interface SyncServiceOptions {
  queue: SyncQueue;
  account: AccountService;
  settings: SettingsStore;
  now: () => Date;
  retry: RetryPolicy;
  chunkThresholdBytes?: number;
  /** The queue's status changed. */
  changed: (status: SyncStatus) => void;
  /** Some job's sync state changed. */
  jobsChanged: () => void;
}

const PLAN_STATUSES = [402, 403];
const SUBSCRIBE_PROBLEM = 'Sync to My Files needs a trial or premium plan: see /subscribe';
const SIGN_IN_PROBLEM = 'Sign in again to keep syncing';

/** Waiting for something the user must do (sign in, a plan): no automatic retry until then. */
const parked = (item: SyncItem) => item.state === 'needs-sign-in' || item.state === 'needs-plan';

/**
 * Sends finished local results to My Files, one at a time, from a persistent queue. Unreachable server and
 * server faults (5xx) are retried with exponential backoff; a refused token parks the queue until the next
 * sign-in; a plan refusal (402/403, or a free account) parks it until the plan allows sync; any other refusal
 * fails the item until the user retries it.
 */
export class SyncService {
  private online = true;
  private lastError: string | null = null;
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: SyncServiceOptions) {}

  /** Resumes the persisted queue. */
  start(): void {
    this.kick();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
  }

  stateOf(jobId: string): SyncState {
    return this.options.queue.get(jobId)?.state ?? 'off';
  }

  status(): SyncStatus {
    const items = this.options.queue.all();
    const count = (match: (item: SyncItem) => boolean) => items.filter(match).length;
    const retries = items
      .filter((i) => i.state === 'failed' && i.nextAttemptAt)
      .map((i) => i.nextAttemptAt!)
      .sort();
    return {
      enabled: this.options.settings.get().syncEnabled,
      online: this.online,
      pending: count((i) => i.state === 'queued' || i.state === 'uploading'),
      failed: count((i) => i.state === 'failed' || parked(i)),
      synced: count((i) => i.state === 'synced'),
      nextRetryAt: retries[0] ?? null,
      problem: this.problem(items),
    };
  }

  /** Queues finished jobs' files (the result, or the original when nothing was gained). */
  async enqueue(jobs: readonly LocalJob[]): Promise<SyncStatus> {
    const folderId = this.options.settings.get().syncFolderId;
    for (const job of jobs) {
      if (job.status !== 'done') continue;
      const file = job.outputPath ?? job.sourcePath;
      const size = (await stat(file).catch(() => null))?.size ?? 0;
      const name = file === job.sourcePath ? job.name : (file.split(/[\\/]/).pop() ?? job.name);
      this.options.queue.put({
        jobId: job.id,
        path: file,
        name,
        size,
        level: job.level,
        folderId,
        attempts: 0,
        nextAttemptAt: null,
        state: 'queued',
        error: null,
      });
    }
    this.changed();
    this.kick();
    return this.status();
  }

  /** Tries every failed or parked item again now. */
  retry(): SyncStatus {
    this.options.queue.updateWhere(
      (i) => i.state === 'failed' || parked(i),
      () => ({ state: 'queued', nextAttemptAt: null, error: null }),
    );
    this.lastError = null;
    this.changed();
    this.kick();
    return this.status();
  }

  /** After a sign-in or a plan change, parked items that may now go are queued again. */
  accountChanged(account: DesktopAccount): void {
    if (!account.user) return;
    const unpark = (i: SyncItem) => i.state === 'needs-sign-in' || (i.state === 'needs-plan' && account.maySync);
    if (!this.options.queue.all().some(unpark)) return;
    this.options.queue.updateWhere(unpark, () => ({ state: 'queued', nextAttemptAt: null, error: null }));
    this.changed();
    this.kick();
  }

  /** Resolves when no upload is running or due right now (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running !== null) await this.running;
  }

  private problem(items: readonly SyncItem[]): string | null {
    if (items.some((i) => i.state === 'needs-sign-in')) return SIGN_IN_PROBLEM;
    if (items.some((i) => i.state === 'needs-plan')) return SUBSCRIBE_PROBLEM;
    if (!this.online) return `Offline: ${this.options.settings.get().serverUrl} cannot be reached. Sync resumes when it can.`;
    return items.some((i) => i.state === 'failed') ? this.lastError : null;
  }

  private kick(): void {
    if (this.closed || this.running !== null) return;
    clearTimeout(this.timer);
    this.running = this.drain().finally(() => {
      this.running = null;
      // Items queued while the last upload was finishing go now; otherwise wait for the next retry.
      if (this.nextDue()) this.kick();
      else this.schedule();
    });
  }

  private nextDue(): SyncItem | undefined {
    const now = this.options.now().getTime();
    return this.options.queue
      .all()
      .find(
        (i) => i.state === 'queued' || (i.state === 'failed' && i.nextAttemptAt !== null && Date.parse(i.nextAttemptAt) <= now),
      );
  }

  /** Wakes up for the earliest retry. */
  private schedule(): void {
    if (this.closed) return;
    const due = this.options.queue
      .all()
      .filter((i) => i.state === 'failed' && i.nextAttemptAt)
      .map((i) => Date.parse(i.nextAttemptAt!));
    if (due.length === 0) return;
    const wait = Math.max(0, Math.min(...due) - this.options.now().getTime());
    this.timer = setTimeout(() => this.kick(), wait);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    for (let item = this.nextDue(); item && !this.closed; item = this.nextDue()) {
      const account = this.options.account.current();
      if (!account.user) {
        this.park('needs-sign-in');
        return;
      }
      if (!account.maySync) {
        this.park('needs-plan');
        return;
      }
      await this.send(item);
    }
  }

  private async send(item: SyncItem): Promise<void> {
    this.options.queue.update(item.jobId, { state: 'uploading', attempts: item.attempts + 1 });
    this.changed();
    try {
      await stat(item.path);
    } catch {
      return this.fail(item, 'The file no longer exists', false);
    }
    try {
      await uploadToMyFiles(this.options.account.client(), item, this.options.chunkThresholdBytes ?? DIRECT_UPLOAD_MAX_BYTES);
      this.online = true;
      this.options.queue.update(item.jobId, { state: 'synced', nextAttemptAt: null, error: null });
      this.changed();
    } catch (err) {
      if (err instanceof ApiError) {
        this.online = true;
        if (err.status === 401) {
          this.options.account.tokenRejected();
          return this.park('needs-sign-in');
        }
        if (PLAN_STATUSES.includes(err.status)) return this.park('needs-plan');
        return this.fail(item, err.serverMessage, err.status >= 500);
      }
      if (isUnreachable(err)) this.online = false;
      return this.fail(item, err instanceof Error ? err.message : String(err), true);
    }
  }

  /** Parks every item still to send (and the one in flight) until the user acts. */
  private park(state: 'needs-sign-in' | 'needs-plan'): void {
    this.options.queue.updateWhere(
      (i) => ['queued', 'uploading', 'failed'].includes(i.state) && (i.state !== 'failed' || i.nextAttemptAt !== null),
      () => ({ state, nextAttemptAt: null }),
    );
    this.changed();
  }

  private fail(item: SyncItem, error: string, retryable: boolean): void {
    const attempts = this.options.queue.get(item.jobId)?.attempts ?? 1;
    const { baseMs, maxMs } = this.options.retry;
    const delay = Math.min(maxMs, baseMs * 2 ** (attempts - 1));
    const nextAttemptAt = retryable ? new Date(this.options.now().getTime() + delay).toISOString() : null;
    this.lastError = error;
    this.options.queue.update(item.jobId, { state: 'failed', nextAttemptAt, error });
    this.changed();
  }

  private changed(): void {
    this.options.changed(this.status());
    this.options.jobsChanged();
  }
}
