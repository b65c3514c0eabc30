import path from 'node:path';
import type { CallMemo } from '../../types.js';
import { placeAs } from '../office/soffice.js';

/** A measured encoding as the ledger keeps it: its file and size, with whatever else the search measured. */
export interface KeptTrial {
  path: string;
  size: number;
}

/** Bytes of trial files the ledgers of one engine call keep at most, all pictures together (the work folder's disk). */
export const LEDGER_BYTES = 256 * 1024 * 1024;

/** What the ledgers of one call may still keep, shared between them. */
export interface LedgerBudget {
  bytesLeft: number;
}

/**
 * The trials of one picture, kept for every run of an engine call that compresses it again from a new copy: an Office
 * document's picture is searched at the document's level, again at a lighter level a target asks for, and sized, each
 * time in a work folder of its own that goes with the run (its decoded pixels with it). A trial depends only on the
 * picture's content, its track and its knob (families/image/session.ts), so a later run takes the earlier one's
 * measurements and files instead of encoding again: each branch of the ladder searches only what is its own. Files
 * are kept in `dir` (a hard link where possible), a folder of the picture's own that lasts as long as the call, within
 * the call's `budget`: a trial past it is not kept (a later run that needs it makes it again).
 */
export class TrialLedger {
  private readonly trials = new Map<string, Promise<KeptTrial>>();
  private files = 0;

  constructor(
    private readonly dir: string,
    private readonly budget: LedgerBudget = { bytesLeft: LEDGER_BYTES },
  ) {}

  /** The trial `key` (e.g. "full:mozjpeg-4:2:0@75"), measured by `make` the first time it is asked for. */
  trial<T extends KeptTrial>(key: string, make: () => Promise<T>): Promise<T> {
    let kept = this.trials.get(key) as Promise<T> | undefined;
    if (!kept) {
      kept = make().then(async (trial) => {
        // A failed encode (a tool that crashed, a full disk) is tried again by a later run, as it was before; one
        // past the budget is made again too.
        if (!Number.isFinite(trial.size) || trial.size > this.budget.bytesLeft) {
          this.trials.delete(key);
          return trial;
        }
        this.budget.bytesLeft -= trial.size;
        const file = path.join(this.dir, `trial-${this.files++}${path.extname(trial.path)}`);
        try {
          return { ...trial, path: await placeAs(trial.path, file) };
        } catch {
          // Not kept (no room for a copy): the run that made it still has its file.
          this.budget.bytesLeft += trial.size;
          this.trials.delete(key);
          return trial;
        }
      });
      this.trials.set(key, kept);
      // A trial that failed (a cancelled call) is not kept: a later run asks again.
      kept.catch(() => this.trials.delete(key));
    }
    return kept;
  }
}

const key = (input: string) => `image-trial-ledger:${input}`;

/** Gives the picture at `input` the ledger in the memo of the run that compresses it (see `TrialLedger`). */
export function lendLedger(memo: CallMemo, input: string, ledger: TrialLedger): void {
  memo.set(key(input), Promise.resolve(ledger));
}

/** The ledger lent for the picture at `input`, if any: only that file's trials are in it. */
export function ledgerFor(memo: CallMemo | undefined, input: string): Promise<TrialLedger | undefined> {
  return (memo?.get(key(input)) as Promise<TrialLedger> | undefined) ?? Promise.resolve(undefined);
}
