import type { Logger } from 'pino';
import { type JobHandler, QueuePort } from './queue.port.js';
import { WorkSlots } from './work-slots.js';

/**
 * A queue inside the server process, running at most `concurrency` jobs at a time in arrival order. In a process
 * without the worker part (`runsJobs: false`) jobs are only recorded: they wait in the database, queued, for a
 * worker process, which takes them up when it starts. Work a request waits on (`runNow`) runs here either way, in
 * the same slots as jobs.
 */
export class InProcessQueue extends QueuePort {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly slots: WorkSlots;
  /** Jobs enqueued here and not finished, as `queue/id`. */
  private readonly holding = new Set<string>();

  constructor(
    concurrency: number,
    private readonly logger: Logger,
    private readonly options: { runsJobs: boolean } = { runsJobs: true },
  ) {
    super();
    this.slots = new WorkSlots(concurrency);
  }

  register(queue: string, handler: JobHandler): void {
    if (this.handlers.has(queue)) throw new Error(`queue ${queue} already has a handler`);
    this.handlers.set(queue, handler);
  }

  async enqueue(queue: string, jobId: string): Promise<void> {
    if (!this.options.runsJobs) return;
    const handler = this.handlers.get(queue);
    if (!handler) throw new Error(`no handler for queue ${queue}`);
    const key = `${queue}/${jobId}`;
    if (this.slots.isClosed || this.holding.has(key)) return;
    this.holding.add(key);
    this.slots
      .run((signal) => handler(jobId, signal, { redelivered: false }))
      .catch((err: unknown) => {
        if (!this.slots.isClosed) this.logger.error({ err, queue, jobId }, 'job handler failed');
      })
      .finally(() => this.holding.delete(key));
  }

  async held(queue: string, jobIds: readonly string[]): Promise<Set<string>> {
    return new Set(jobIds.filter((id) => this.holding.has(`${queue}/${id}`)));
  }

  runNow<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    return this.slots.run(work);
  }

  close(): Promise<void> {
    return this.slots.close();
  }
}
