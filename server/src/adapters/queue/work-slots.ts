/** Thrown to work still waiting for a slot when the slots close. */
export class StoppingError extends Error {
  constructor() {
    super('The server is stopping');
  }
}

/**
 * At most `size` pieces of work at a time in this process, started in arrival order. `close()` refuses new work,
 * drops the work still waiting (its callers get a StoppingError), aborts the running work's signal and waits for it.
 */
export class WorkSlots {
  private readonly waiting: Array<{ start: (signal: AbortSignal) => Promise<void>; refuse: (err: Error) => void }> = [];
  private readonly running = new Set<Promise<void>>();
  private closed = false;
  private readonly shutdown = new AbortController();

  constructor(private readonly size: number) {}

  /** Aborts when the slots close: running work stops and leaves its record to be resumed. */
  get signal(): AbortSignal {
    return this.shutdown.signal;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  run<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new StoppingError());
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ start: (signal) => work(signal).then(resolve, reject), refuse: reject });
      this.pump();
    });
  }

  private pump(): void {
    while (!this.closed && this.running.size < this.size && this.waiting.length > 0) {
      const next = this.waiting.shift() as (typeof this.waiting)[number];
      const run = next.start(this.shutdown.signal).finally(() => {
        this.running.delete(run);
        this.pump();
      });
      this.running.add(run);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const dropped of this.waiting.splice(0)) dropped.refuse(new StoppingError());
    this.shutdown.abort();
    await Promise.all([...this.running]);
  }
}
