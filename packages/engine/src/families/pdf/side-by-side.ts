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
