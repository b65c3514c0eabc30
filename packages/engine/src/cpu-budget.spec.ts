import { describe, expect, it } from 'vitest';
import { CpuBudget } from './cpu-budget.js';
import { isEngineError } from './errors.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('CpuBudget', () => {
  it('runs at most its slots at once, in arrival order', async () => {
    const budget = new CpuBudget(2);
    const started: number[] = [];
    const finish: Array<() => void> = [];
    const jobs = [0, 1, 2, 3].map((n) =>
      budget.run(async () => {
        started.push(n);
        await new Promise<void>((resolve) => finish.push(resolve));
        return n;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(budget.busy).toBe(2);
    finish.shift()?.();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    while (finish.length > 0 || started.length < 4) {
      finish.shift()?.();
      await tick();
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3]);
    expect(budget.busy).toBe(0);
  });

  it('lets a cancelled caller leave the queue without taking a slot', async () => {
    const budget = new CpuBudget(1);
    let release: () => void = () => {};
    const holder = budget.run(() => new Promise<void>((resolve) => (release = resolve)));
    const controller = new AbortController();
    const waiting = budget.run(async () => 'ran', controller.signal);
    controller.abort();
    await expect(waiting).rejects.toSatisfy((err) => isEngineError(err) && err.kind === 'cancelled');
    release();
    await holder;
    expect(budget.busy).toBe(0);
    expect(await budget.run(async () => 'next')).toBe('next');
  });
});
