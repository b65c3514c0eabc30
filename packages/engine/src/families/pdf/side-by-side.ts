import type { RunProcess } from '../../process/run-process.js';

/**
 * Tools a PDF compression runs at once. Its candidates and checks are independent (qpdf's rewrite beside
 * ghostscript's, the renders of a candidate beside its text), so two run side by side: the machine has two cores
 * per job, and more would only make them wait for each other.
 */
export const PDF_PROCESS_SLOTS = 2;

/** `run` limited to `slots` processes at a time; the others wait their turn in the order they asked. */
export function withProcessSlots(run: RunProcess, slots: number): RunProcess {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (command, args, options) => {
    // A finishing process hands its slot straight to the next in line, so none is taken twice.
    if (running < slots) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await run(command, args, options);
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * Like Promise.all, but waits for every task to end before throwing the first failure: no tool is left running
 * (and writing into a folder about to be removed) after the caller moved on.
 */
export async function allSettled<T extends readonly unknown[]>(tasks: readonly [...{ [K in keyof T]: Promise<T[K]> }]): Promise<T> {
  const settled = await Promise.allSettled(tasks);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
