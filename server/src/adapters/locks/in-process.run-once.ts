import { RunOnceLock, type RunOnceOutcome } from './run-once.port.js';

/** The lock for embedded PGlite, which only one process can open: contenders are all in this process. */
export class InProcessRunOnce extends RunOnceLock {
  private readonly running = new Set<string>();

  async runExclusive<T>(name: string, work: () => Promise<T>): Promise<RunOnceOutcome<T>> {
    if (this.running.has(name)) return { ran: false };
    this.running.add(name);
    try {
      return { ran: true, value: await work() };
    } finally {
      this.running.delete(name);
    }
  }
}
