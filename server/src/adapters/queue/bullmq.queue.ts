import { type Job, Queue, WaitingError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { type JobHandler, QueuePort } from './queue.port.js';
import { WorkSlots } from './work-slots.js';

export interface BullmqQueueOptions {
  /** Shared by the queues; each worker opens its own connections from it (it stays open at close). */
  connection: Redis;
  /** Starts every key of the queues. */
  prefix: string;
  /** false: a web-only process, which adds jobs and never takes one. */
  runsJobs: boolean;
  /** Jobs this process runs at once, per queue. */
  workerConcurrency: number;
  /** Previews (`runNow`) this process runs at once. */
  inlineConcurrency: number;
  /** A running job's lock, renewed at half of it; a job whose lock lapsed is stalled (its process died). */
  lockMs: number;
  /** How often each worker hands stalled jobs back to the queue. */
  stalledCheckMs: number;
}

/**
 * Jobs whose process died more often than this (a file that kills its worker) are dropped by BullMQ. The job runner
 * gives such a job up one start earlier (MAX_JOB_STARTS), with the reason in its record, so this is only a backstop.
 */
const MAX_STALLED = 2;
/** A handler that throws (a fault of ours, not of the file) is tried again, after 5 s, then 10 s. */
const FAILED_ATTEMPTS = 3;
const RETRY_DELAY_MS = 5000;

/** A job that was started, reached the end of its handler and must not count as finished: this process is stopping. */
function isHandedBack(err: unknown): boolean {
  return err instanceof WaitingError;
}

/**
 * The job queue on Redis (BullMQ), shared by every process: web processes add jobs, `npm run worker` processes (and
 * `npm start`, which is both) take them, `workerConcurrency` at a time each. Jobs carry only their id, which is also
 * BullMQ's job id, so a job is never held twice; the records stay in the database. A worker that dies mid-job stops
 * renewing its lock, and after `lockMs` another worker's stalled check puts the job back, to be taken over
 * (`redelivered`). A worker that stops cleanly hands its running jobs back at once. Previews run in the asking
 * process, under their own limit.
 */
export class BullmqQueue extends QueuePort {
  private readonly queues = new Map<string, Queue>();
  private readonly registered = new Set<string>();
  private readonly workers: Worker[] = [];
  private readonly inline: WorkSlots;
  private readonly stopping = new AbortController();

  constructor(
    private readonly options: BullmqQueueOptions,
    private readonly logger: Logger,
  ) {
    super();
    this.inline = new WorkSlots(options.inlineConcurrency);
  }

  register(queue: string, handler: JobHandler): void {
    if (this.registered.has(queue)) throw new Error(`queue ${queue} already has a handler`);
    this.registered.add(queue);
    if (!this.options.runsJobs) return;
    const { connection, prefix, workerConcurrency, lockMs, stalledCheckMs } = this.options;
    const worker = new Worker(queue, (job, token) => this.process(job, token, handler), {
      connection,
      prefix,
      concurrency: workerConcurrency,
      lockDuration: lockMs,
      stalledInterval: stalledCheckMs,
      maxStalledCount: MAX_STALLED,
    });
    worker.on('failed', (job, err) => {
      if (!isHandedBack(err))
        this.logger.error({ err, queue, jobId: job?.id, attempts: job?.attemptsMade }, 'job handler failed');
    });
    worker.on('error', (err) => this.logger.error({ err, queue }, 'job queue error'));
    this.workers.push(worker);
  }

  private async process(job: Job, token: string | undefined, handler: JobHandler): Promise<void> {
    const jobId = job.id as string;
    await handler(jobId, this.stopping.signal, { redelivered: job.attemptsStarted > 1 });
    if (this.stopping.signal.aborted) {
      // The handler stopped and queued the record again: another worker takes the job now, not after a stall.
      await job.moveToWait(token);
      throw new WaitingError();
    }
  }

  async enqueue(queue: string, jobId: string): Promise<void> {
    if (this.stopping.signal.aborted) return;
    await this.queueOf(queue).add(
      queue,
      {},
      {
        jobId,
        attempts: FAILED_ATTEMPTS,
        backoff: { type: 'exponential', delay: RETRY_DELAY_MS },
        // Finished jobs leave Redis, so that a record put back in the queue (at a worker's start) can be added again.
        removeOnComplete: true,
        removeOnFail: true,
      },
    );
  }

  async held(queue: string, jobIds: readonly string[]): Promise<Set<string>> {
    const q = this.queueOf(queue);
    const states = await Promise.all(jobIds.map(async (id) => [id, await q.getJobState(id)] as const));
    return new Set(
      states.filter(([, state]) => state !== 'unknown' && state !== 'completed' && state !== 'failed').map(([id]) => id),
    );
  }

  runNow<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    return this.inline.run(work);
  }

  async close(): Promise<void> {
    this.stopping.abort();
    await Promise.all([...this.workers.map((w) => w.close()), this.inline.close()]);
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }

  private queueOf(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.options.connection, prefix: this.options.prefix });
      queue.on('error', (err) => this.logger.error({ err, queue: name }, 'job queue error'));
      this.queues.set(name, queue);
    }
    return queue;
  }
}
