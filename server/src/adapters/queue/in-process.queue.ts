import type { Logger } from 'pino';
import { type JobHandler, QueuePort } from './queue.port.js';

/** A queue inside the server process, running at most `concurrency` jobs at a time in arrival order. */
export class InProcessQueue extends QueuePort {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly waiting: Array<{ queue: string; jobId: string }> = [];
  private readonly running = new Set<Promise<void>>();
  private closed = false;
  private readonly shutdown = new AbortController();

  constructor(
    private readonly concurrency: number,
    private readonly logger: Logger,
  ) {
    super();
  }

  register(queue: string, handler: JobHandler): void {
    if (this.handlers.has(queue)) throw new Error(`queue ${queue} already has a handler`);
    this.handlers.set(queue, handler);
  }

  async enqueue(queue: string, jobId: string): Promise<void> {
    if (!this.handlers.has(queue)) throw new Error(`no handler for queue ${queue}`);
    if (this.closed) return;
    this.waiting.push({ queue, jobId });
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.running.size < this.concurrency && this.waiting.length > 0) {
      const next = this.waiting.shift() as { queue: string; jobId: string };
      const handler = this.handlers.get(next.queue) as JobHandler;
      const run = handler(next.jobId, this.shutdown.signal)
        .catch((err: unknown) => this.logger.error({ err, queue: next.queue, jobId: next.jobId }, 'job handler failed'))
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
