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

  it('gives a tool of several threads that many slots, and keeps arrival order around it', async () => {
    const budget = new CpuBudget(2);
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const job = (name: string, threads = 1) =>
      budget.run(
        async () => {
          started.push(name);
          await new Promise<void>((resolve) => finish.set(name, resolve));
        },
        undefined,
        threads,
      );
    const jobs = [job('a'), job('7z', 2), job('b'), job('huge', 16)];
    await tick();
    // '7z' waits for both slots; 'b' does not jump the queue though one slot is free.
    expect(started).toEqual(['a']);
    finish.get('a')?.();
    await tick();
    expect(started).toEqual(['a', '7z']);
    expect(budget.busy).toBe(2);
    finish.get('7z')?.();
    await tick();
    // A request above the budget is capped at it, so it runs (alone) instead of waiting forever.
    expect(started).toEqual(['a', '7z', 'b']);
    finish.get('b')?.();
    await tick();
    expect(started).toEqual(['a', '7z', 'b', 'huge']);
    expect(budget.busy).toBe(2);
    finish.get('huge')?.();
    await Promise.all(jobs);
    expect(budget.busy).toBe(0);
  });
});
