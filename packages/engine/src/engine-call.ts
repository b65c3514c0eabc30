import { mkdtemp, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Deadline, outOfTime, WORK_BUDGETS } from './budget.js';
import { detect } from './detect.js';
import { EngineError } from './errors.js';
import { jobRunner } from './process/job-runner.js';
import { runProcess as defaultRunProcess, type RunProcess } from './process/run-process.js';
import type { CallMemo, CompressionLevel, DetectedType, MemberChoices } from './types.js';

/** What every engine call (compress, estimate, convert) is given by its caller. */
export interface EngineCallOptions {
  /** Aborting kills running tools; the call fails with kind 'cancelled'. */
  signal?: AbortSignal;
  /** Progress 0-100. */
  onProgress?: (percent: number) => void;
  /** Where the work folder and the result are created (default: the OS temp folder). */
  tmpDir?: string;
  /** The client's file name: tells apart types the content cannot (plain text vs CSV; doc/xls/ppt). */
  nameHint?: string;
  runProcess?: RunProcess;
  /** Milliseconds the call may take at most (default: its family's budget in budget.ts); past it, kind 'over-budget'. */
  timeBudgetMs?: number;
}

/** One engine call on one file: its real type, deadline and private work folder. */
export interface EngineCall {
  input: string;
  originalSize: number;
  type: DetectedType;
  deadline: Deadline;
  signal: AbortSignal;
  workDir: string;
  /** Where results are written (the caller's tmpDir). */
  baseDir: string;
  /** Progress 0-99 while working (100 is reported when the result is ready). */
  progress: (percent: number) => void;
  runProcess: RunProcess;
  /** Work shared by the runs of this call (types.ts `CallMemo`). */
  memo: CallMemo;
  /** The call's choices for the files inside the file (archive members), as `CompressContext.memberChoices`. */
  memberChoices?: MemberChoices;
  /** Levels the call may ask for after the ones it asks now, as `CompressContext.nextLevels`. */
  nextLevels?: readonly CompressionLevel[];
}

/** How long a call may take: the caller's limit (a hard cap), or the one `ms` gives for the type (extendable). */
export type CallBudget = (type: DetectedType) => { ms: number; extendable: boolean };

/**
 * The family's budget (extended by media length once known) times `runs` (the level runs a call may need), or the
 * caller's limit as a hard cap.
 */
export function familyBudget(timeBudgetMs: number | undefined, runs = 1): CallBudget {
  return (type) => ({ ms: timeBudgetMs ?? WORK_BUDGETS[type.family].timeMs * runs, extendable: timeBudgetMs === undefined });
}

/**
 * Runs `work` inside one engine call: reads the real type, starts the time budget, makes a private work folder
 * (`<prefix>-XXXXXX` in tmpDir) and removes it afterwards whatever happens, runs every tool in a sandbox that sees
 * only the input and that folder (jobRunner), and turns an expired deadline or an abort into 'over-budget' or
 * 'cancelled'. `accept` refuses a type before any work starts.
 */
export async function withEngineCall<T>(
  given: string,
  options: EngineCallOptions,
  setup: { budget: CallBudget; workPrefix: string; accept?: (type: DetectedType) => void },
  work: (call: EngineCall) => Promise<T>,
): Promise<T> {
  // Absolute, through any link: the tools run in a sandbox that shows them this one file, and some (LibreOffice) open
  // the file a link points to, which the sandbox would not show them.
  const input = await realpath(given);
  const originalSize = (await stat(input)).size;
  if (originalSize === 0) throw new EngineError('invalid-input', 'The file is empty');
  const type = await detect(input, options.nameHint);
  setup.accept?.(type);
  const { ms: budgetMs, extendable } = setup.budget(type);
  const deadline = new Deadline(budgetMs, options.signal, extendable);
  const signal = deadline.signal;
  const baseDir = options.tmpDir ?? tmpdir();
  const workDir = await mkdtemp(path.join(baseDir, `${setup.workPrefix}-`));
  const report = options.onProgress ?? (() => {});
  const progress = (p: number) => report(Math.max(0, Math.min(99, Math.round(p))));
  try {
    if (signal.aborted) throw new EngineError('cancelled', 'Cancelled');
    const runProcess = jobRunner(options.runProcess ?? defaultRunProcess, { readable: [input], writable: [workDir] });
    const memo: CallMemo = new Map();
    return await work({ input, originalSize, type, deadline, signal, workDir, baseDir, progress, runProcess, memo });
  } catch (err) {
    if (deadline.expired) throw outOfTime(type.family, budgetMs);
    if (signal.aborted && !(err instanceof EngineError && err.kind === 'cancelled'))
      throw new EngineError('cancelled', 'Cancelled', undefined, { cause: err });
    throw err;
  } finally {
    deadline.clear();
    await rm(workDir, { recursive: true, force: true });
  }
}
