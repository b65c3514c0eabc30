import { availableParallelism } from 'node:os';
import { EngineError } from './errors.js';

/**
 * The engine's thread budget: how many encodes (each one libvips thread, see image-memory.ts) run at once in this
 * process, across every job. A single job spreads its trials over all of them; several jobs share them instead of
 * each starting as many as it likes, so running jobs side by side never oversubscribes the cores.
 */
export class CpuBudget {
  private running = 0;
  private readonly waiting: Array<{ threads: number; grant: () => void }> = [];

  constructor(readonly slots: number) {
    if (!(slots >= 1)) throw new RangeError('a CPU budget needs at least one slot');
  }

  /**
   * Runs `work` once `threads` slots are free (in arrival order; a tool that runs several threads of its own, such
   * as 7-Zip, takes that many, capped at the budget). A cancelled caller leaves the queue at once.
   */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal, threads = 1): Promise<T> {
    const taken = Math.max(1, Math.min(this.slots, Math.floor(threads)));
    await this.acquire(taken, signal);
    try {
      return await work();
    } finally {
      this.release(taken);
    }
  }

  get busy(): number {
    return this.running;
  }

  private acquire(threads: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new EngineError('cancelled', 'Cancelled'));
    if (this.waiting.length === 0 && this.running + threads <= this.slots) {
      this.running += threads;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = {
        threads,
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          this.running += threads;
          resolve();
        },
      };
      const onAbort = () => {
        const at = this.waiting.indexOf(entry);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new EngineError('cancelled', 'Cancelled'));
        this.grantWaiting();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  private release(threads: number): void {
    this.running -= threads;
    this.grantWaiting();
  }

  /** Starts waiting callers from the head of the queue for as long as they fit. */
  private grantWaiting(): void {
    for (let next = this.waiting[0]; next && this.running + next.threads <= this.slots; next = this.waiting[0]) {
      this.waiting.shift();
      next.grant();
    }
  }
}

let shared = new CpuBudget(availableParallelism());

/** The budget every engine call of this process shares. */
export function cpuBudget(): CpuBudget {
  return shared;
}

/** Sets how many encodes run at once in this process (default: the number of cores). */
export function configureCpuBudget(slots: number): void {
  shared = new CpuBudget(slots);
}
