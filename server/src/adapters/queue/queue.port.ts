/** Runs one job by id; resolves when it is done (either way). `signal` aborts when the queue shuts down. */
export type JobHandler = (jobId: string, signal: AbortSignal) => Promise<void>;

/**
 * Background work. Jobs are recorded in the database by their service; the queue only carries ids, so a restart
 * can put the recorded ones back. In-process by default; BullMQ on Redis is the scale-out adapter.
 */
export abstract class QueuePort {
  /** Registers the handler of a queue; exactly one per queue name. */
  abstract register(queue: string, handler: JobHandler): void;
  /** Schedules a job; resolves once it is accepted (not when it has run). */
  abstract enqueue(queue: string, jobId: string): Promise<void>;
  /**
   * Runs `work` in this process as soon as it gets a slot under the same concurrency limit as jobs, and resolves with
   * its result: for work a request waits on (the compression preview), so it cannot crowd out the jobs.
   */
  abstract runNow<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Stops taking work, aborts running jobs (their records let a restart resume them) and waits for them. */
  abstract close(): Promise<void>;
}
