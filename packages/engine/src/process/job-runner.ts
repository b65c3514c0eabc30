import type { RunProcess } from './run-process.js';

/** What one job's tools may see: its input (read-only) and its work folder. */
export interface JobView {
  readable: readonly string[];
  writable: readonly string[];
}

const UNCONFINED = Symbol('the runner a job runner wraps');
type JobRunner = RunProcess & { [UNCONFINED]?: RunProcess };

/**
 * The runner of one engine call: every tool it starts runs in a private sandbox (process/sandbox.ts) that shows the
 * system's program files, the call's input read-only and its work folder, and nothing else of the machine: not the
 * data folder, not another job's files, not the checkout. A call nested in another (an archive's members) gets a
 * view of its own files only, not of its parent's. Paths a caller adds (an office profile) join the view.
 */
export function jobRunner(run: RunProcess, view: JobView): RunProcess {
  const base = (run as JobRunner)[UNCONFINED] ?? run;
  const confined: JobRunner = (command, args, options = {}) => {
    const own = options.sandbox ?? {};
    return base(command, args, {
      ...options,
      sandbox: {
        ...own,
        private: true,
        readable: [...new Set([...view.readable, ...(own.readable ?? [])])],
        writable: [...new Set([...view.writable, ...(own.writable ?? [])])],
      },
    });
  };
  confined[UNCONFINED] = base;
  return confined;
}
