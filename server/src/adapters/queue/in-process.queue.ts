import type { Logger } from 'pino';
import { type JobHandler, QueuePort } from './queue.port.js';

/**
 * A queue inside the server process, running at most `concurrency` jobs at a time in arrival order. In a process
 * without the worker part (`runsJobs: false`) jobs are only recorded: they wait in the database, queued, for a
 * worker process, which takes them up when it starts. Work a request waits on (`runNow`) runs here either way.
 */
export class InProcessQueue extends QueuePort {
  private readonly handlers = new Map<string, JobHandler>();
  /** Jobs and inline work, in arrival order. */
  private readonly waiting: Array<(signal: AbortSignal) => Promise<void>> = [];
  private readonly running = new Set<Promise<void>>();
  private closed = false;
  private readonly shutdown = new AbortController();

  constructor(
    private readonly concurrency: number,
    private readonly logger: Logger,
    private readonly options: { runsJobs: boolean } = { runsJobs: true },
  ) {
    super();
  }

  register(queue: string, handler: JobHandler): void {
    if (this.handlers.has(queue)) throw new Error(`queue ${queue} already has a handler`);
    this.handlers.set(queue, handler);
  }

  async enqueue(queue: string, jobId: string): Promise<void> {
    if (!this.options.runsJobs) return;
    const handler = this.handlers.get(queue);
    if (!handler) throw new Error(`no handler for queue ${queue}`);
    if (this.closed) return;
    this.waiting.push((signal) =>
      handler(jobId, signal).then(
        () => undefined,
        (err: unknown) => this.logger.error({ err, queue, jobId }, 'job handler failed'),
      ),
    );
    this.pump();
  }

  runNow<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The server is stopping'));
    return new Promise<T>((resolve, reject) => {
      this.waiting.push((signal) => work(signal).then(resolve, reject));
      this.pump();
    });
  }

  private pump(): void {
    while (!this.closed && this.running.size < this.concurrency && this.waiting.length > 0) {
      const next = this.waiting.shift() as (signal: AbortSignal) => Promise<void>;
      const run = next(this.shutdown.signal)
        .finally(() => {
          this.running.delete(run);
          this.pump();
        });
      this.running.add(run);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    this.shutdown.abort();
    await Promise.all([...this.running]);
  }
}
