import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerFor, lendLedger, TrialLedger } from './trial-ledger.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'trial-ledger-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** A run's encoder: each trial written as a new file of the run's folder, counted. */
async function encoder() {
  const run = await mkdtemp(path.join(dir, 'run-'));
  const counted = { made: 0, run };
  const make = (bytes: string) => async () => {
    counted.made++;
    const file = path.join(run, `t${counted.made}.png`);
    await writeFile(file, bytes);
    return { path: file, size: bytes.length, ssim: 0.99 };
  };
  return Object.assign(counted, { make });
}

describe('a picture’s trial ledger', () => {
  it('makes each trial once, keeps its file after the run that made it is gone, and tries a failed one again', async () => {
    const ledger = new TrialLedger(path.join(dir, 'kept'));
    const encode = await encoder();
    const first = await ledger.trial('full:png@80', encode.make('eighty'));
    await rm(encode.run, { recursive: true });
    const again = await ledger.trial('full:png@80', encode.make('not made'));
    expect(encode.made).toBe(1);
    expect(again).toEqual(first);
    expect(await readFile(again.path, 'utf8')).toBe('eighty');

    await expect(ledger.trial('full:png@70', () => Promise.reject(new Error('cancelled')))).rejects.toThrow('cancelled');
    const failedTrial = { path: path.join(dir, 'none.png'), size: Number.POSITIVE_INFINITY, ssim: -1 };
    expect(await ledger.trial('full:png@70', async () => failedTrial)).toEqual(failedTrial);
    // A failed encode is not kept either: a later run tries the setting again.
    const retried = await ledger.trial('full:png@70', (await encoder()).make('seventy'));
    expect(retried.size).toBe('seventy'.length);
  });

  it("keeps files within the call's budget, shared by every picture's ledger; past it a trial is made again when asked", async () => {
    const budget = { bytesLeft: 10 };
    const first = new TrialLedger(path.join(dir, 'budget-a'), budget);
    const second = new TrialLedger(path.join(dir, 'budget-b'), budget);
    const encode = await encoder();
    await first.trial('full:png@80', encode.make('six ch'));
    expect(budget.bytesLeft).toBe(4);
    await second.trial('full:png@80', encode.make('six ch'));
    expect(budget.bytesLeft).toBe(4);
    await first.trial('full:png@80', encode.make('not made'));
    await second.trial('full:png@80', encode.make('six ch'));
    expect(encode.made).toBe(3);
  });

  it('is lent to one file only', async () => {
    const memo = new Map<string, Promise<unknown>>();
    const ledger = new TrialLedger(dir);
    lendLedger(memo, '/work/a/in.png', ledger);
    expect(await ledgerFor(memo, '/work/a/in.png')).toBe(ledger);
    expect(await ledgerFor(memo, '/work/a/in-resized.png')).toBeUndefined();
    expect(await ledgerFor(undefined, '/work/a/in.png')).toBeUndefined();
  });
});
