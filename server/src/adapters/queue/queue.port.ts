/** How a queue hands a job to its handler. */
export interface Delivery {
  /**
   * The job was handed out before, to a process that stopped without finishing it (killed, crashed, or stopping):
   * its record may still say it is processing, and this handler takes it over.
   */
  readonly redelivered: boolean;
}

/**
 * Runs one job by id; resolves when it is done (either way). `signal` aborts when the queue shuts down; the handler
 * then puts the job's record back to queued, and the queue hands it on.
 */
export type JobHandler = (jobId: string, signal: AbortSignal, delivery: Delivery) => Promise<void>;

/**
 * Background work. Jobs are recorded in the database by their service; the queue only carries ids, so a restart
 * can put the recorded ones back. In-process by default; BullMQ on Redis is the scale-out adapter.
 */
export abstract class QueuePort {
  /** Registers the handler of a queue; exactly one per queue name. */
  abstract register(queue: string, handler: JobHandler): void;
  /**
   * Schedules a job; resolves once it is accepted (not when it has run). A job the queue already holds (waiting or
   * running) is not added twice.
   */
  abstract enqueue(queue: string, jobId: string): Promise<void>;
  /** Which of these jobs the queue holds, waiting or running in some process: those need no resuming. */
  abstract held(queue: string, jobIds: readonly string[]): Promise<Set<string>>;
  /**
   * Runs `work` in this process as soon as it gets a slot under this process's limit, and resolves with its result:
   * for work a request waits on (the compression preview), so that it cannot crowd out the jobs.
   */
  abstract runNow<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Stops taking work, aborts running jobs (their records let a restart resume them) and waits for them. */
  abstract close(): Promise<void>;
}
