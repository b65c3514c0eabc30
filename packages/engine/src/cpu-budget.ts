import { availableParallelism } from 'node:os';
import { EngineError } from './errors.js';

/**
 * The engine's thread budget: how many encodes (each one libvips thread, see image-memory.ts) run at once in this
 * process, across every job. A single job spreads its trials over all of them; several jobs share them instead of
 * each starting as many as it likes, so running jobs side by side never oversubscribes the cores.
 */
export class CpuBudget {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly slots: number) {
    if (!(slots >= 1)) throw new RangeError('a CPU budget needs at least one slot');
  }

  /** Runs `work` once a slot is free (in arrival order); a cancelled caller leaves the queue at once. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  get busy(): number {
    return this.running;
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new EngineError('cancelled', 'Cancelled'));
    if (this.running < this.slots) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        this.running++;
        resolve();
      };
      const onAbort = () => {
        const at = this.waiting.indexOf(grant);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new EngineError('cancelled', 'Cancelled'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(grant);
    });
  }

  private release(): void {
    this.running--;
    this.waiting.shift()?.();
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
