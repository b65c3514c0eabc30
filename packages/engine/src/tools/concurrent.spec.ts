import { describe, expect, it } from 'vitest';
import { allSettledOrThrow, mapLimited, prepareInOrder } from './concurrent.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('prepareInOrder', () => {
  it('keeps at most `ahead` items in flight and hands results over in input order', async () => {
    let running = 0;
    let most = 0;
    const consumed: number[] = [];
    await prepareInOrder(
      [30, 5, 20, 1],
      2,
      async (ms, i) => {
        running++;
        most = Math.max(most, running);
        await tick(ms);
        running--;
        return i;
      },
      async (result) => {
        consumed.push(result);
      },
    );
    expect(consumed).toEqual([0, 1, 2, 3]);
    expect(most).toBe(2);
  });

  it('waits for every started item before failing, and fails with the first failure in order', async () => {
    const finished: number[] = [];
    const failure = mapLimited([0, 1, 2], 3, async (i) => {
      await tick(i === 0 ? 5 : 30);
      finished.push(i);
      if (i > 0) throw new Error(`item ${i}`);
      return i;
    });
    await expect(failure).rejects.toThrow('item 1');
    expect(finished.sort()).toEqual([0, 1, 2]);
  });
});

describe('allSettledOrThrow', () => {
  it('throws the first failure in the order given, once all have settled', async () => {
    let late = false;
    const slow = tick(20).then(() => {
      late = true;
      throw new Error('our error');
    });
    const damaged = Promise.reject(new Error('the input is damaged'));
    await expect(allSettledOrThrow(damaged, slow)).rejects.toThrow('the input is damaged');
    expect(late).toBe(true);
    await expect(allSettledOrThrow(Promise.resolve(1), Promise.resolve('a'))).resolves.toEqual([1, 'a']);
  });
});
