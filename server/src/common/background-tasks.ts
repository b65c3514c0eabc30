import type { Logger } from 'pino';

/**
 * Work a request starts and does not wait for, such as a mail sent after the answer. A failure is logged (nobody is
 * left to tell), and shutdown waits for what is still running, while the database and mail transport are open.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  /** Starts `task` now, without waiting for it. */
  run(name: string, task: () => Promise<void>): void {
    const done: Promise<void> = task()
      .catch((err: unknown) => this.logger.error({ err, task: name }, 'background task failed'))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Resolves once every task started so far, and any they started, has finished. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  /** Called by Nest when the app closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.idle();
  }
}
