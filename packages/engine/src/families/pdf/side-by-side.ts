import { setMaxListeners } from 'node:events';
import { cpuBudget } from '../../cpu-budget.js';
import type { RunProcess } from '../../process/run-process.js';

/**
 * `run` with each tool holding one slot of the engine's CPU budget (cpu-budget.ts) while it runs. A PDF's candidates
 * and checks are independent (qpdf's rewrite beside ghostscript's, the renders of a candidate beside its text), so
 * they run side by side as far as the budget allows, and several jobs share the cores instead of oversubscribing
 * them. Nothing may wait for a slot while holding one: a tool never starts another.
 */
export function withCpuBudget(run: RunProcess): RunProcess {
  return (command, args, options) => cpuBudget().run(() => run(command, args, options), options?.signal);
}

/**
 * The call's signal for tools that may wait for a CPU slot: each waiting one listens for the cancel, and a PDF's
 * checks queue dozens at once, which is no leak.
 */
export function waitingSignal(signal: AbortSignal): AbortSignal {
  const own = AbortSignal.any([signal]);
  setMaxListeners(256, own);
  return own;
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
