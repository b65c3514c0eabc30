import type { UserRow } from '../db/schema/index.js';

/** A job a signed-in caller started, and the one-off callback URL the request named. */
export interface WatchedJob {
  kind: 'compression' | 'conversion';
  jobId: string;
  userId: string;
  callbackUrl?: string | undefined;
}

/** What is told of jobs as they are created (webhooks registers itself, so the features that start jobs know none). */
export interface JobWatcher {
  /** Refuses a callbackUrl the caller may not have (no account, no plan for it, a private address): throws. */
  checkCallback(user: UserRow | null, callbackUrl: string): Promise<void>;
  /** Records who to tell when the job ends; called before the job is queued, so no end can come first. */
  watch(job: WatchedJob): Promise<void>;
}

/** The registered watcher of new jobs, or none (then a callbackUrl is not checked and nothing is told). */
export class JobWatchers {
  private watcher: JobWatcher | undefined;

  register(watcher: JobWatcher): void {
    if (this.watcher) throw new Error('jobs already have a watcher');
    this.watcher = watcher;
  }

  async checkCallback(user: UserRow | null, callbackUrl: string | undefined): Promise<void> {
    if (callbackUrl !== undefined) await this.watcher?.checkCallback(user, callbackUrl);
  }

  async watch(job: WatchedJob): Promise<void> {
    await this.watcher?.watch(job);
  }
}
