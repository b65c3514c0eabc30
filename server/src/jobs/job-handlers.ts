import type { Logger } from 'pino';
import type { JobHandler, QueuePort } from '../adapters/queue/queue.port.js';

/** Every queue the application uses. Each must have exactly one handler where the worker part runs. */
export const JOB_QUEUES = ['compress-file', 'convert-file', 'deliver-webhook'] as const;
export type JobQueue = (typeof JOB_QUEUES)[number];

/** Job records a restart can put back on their queue. */
export interface ResumableJobs {
  /** These jobs, left processing by a process that stopped, go back to queued; returns how many did. */
  requeueInterrupted(ids: readonly string[]): Promise<number>;
  listUnfinished(): Promise<Array<{ id: string; status: string }>>;
}

interface Declared {
  handler: JobHandler;
  records: ResumableJobs;
}

/**
 * The declared handler of each queue, filled in by the feature that owns it. The worker part attaches them to the
 * queue at start, and refuses to start when a queue of JOB_QUEUES has no handler.
 */
export class JobHandlers {
  private readonly declared = new Map<JobQueue, Declared>();

  declare(queue: JobQueue, handler: JobHandler, records: ResumableJobs): void {
    if (this.declared.has(queue)) throw new Error(`queue ${queue} already has a handler`);
    this.declared.set(queue, { handler, records });
  }

  /** Registers every handler with the queue, then resumes the jobs a stopped process left unfinished. */
  async attach(queue: QueuePort, logger: Logger): Promise<void> {
    const missing = JOB_QUEUES.filter((name) => !this.declared.has(name));
    if (missing.length > 0) throw new Error(`no handler declared for queue ${missing.join(', ')}`);
    for (const [name, { handler }] of this.declared) queue.register(name, handler);
    for (const [name, { records }] of this.declared) await resumeQueue(name, records, queue, logger);
  }
}

/**
 * At a worker's start: the unfinished jobs the queue does not hold (left by a process that stopped, or recorded
 * before the queue was Redis) are queued again — one more attempt for those that were running — and enqueued. Jobs
 * the queue holds are left to it: another worker runs them, or will take them over from a dead one.
 */
export async function resumeQueue(name: JobQueue, jobs: ResumableJobs, queue: QueuePort, logger: Logger): Promise<void> {
  const unfinished = await jobs.listUnfinished();
  const held = await queue.held(
    name,
    unfinished.map((job) => job.id),
  );
  const pending = unfinished.filter((job) => !held.has(job.id));
  const interrupted = await jobs.requeueInterrupted(pending.filter((job) => job.status === 'processing').map((job) => job.id));
  for (const job of pending) await queue.enqueue(name, job.id);
  if (pending.length > 0) logger.info({ queue: name, resumed: pending.length, interrupted }, 'jobs resumed');
}
