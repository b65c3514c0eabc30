/**
 * Prepares items with up to `ahead` of them in flight at once and hands each result to `consume` in input order
 * (a writer that must write in order, while the next items are already being worked on). Every started `prepare`
 * has settled before this returns or throws: none may still write into a work folder that is being removed.
 */
export async function prepareInOrder<T, R>(
  items: readonly T[],
  ahead: number,
  prepare: (item: T, index: number) => Promise<R>,
  consume: (result: R, index: number) => Promise<void>,
): Promise<void> {
  // Only results not yet consumed are held: a consumed one (a member's bytes in memory) is let go at once.
  const started = new Map<number, Promise<R>>();
  let next = 0;
  const startUpTo = (end: number) => {
    for (; next < Math.min(end, items.length); next++) {
      const item = items[next];
      if (item === undefined) continue;
      const promise = prepare(item, next);
      // Awaited below in turn; this only keeps a failure ahead of the consumer from counting as unhandled.
      promise.catch(() => {});
      started.set(next, promise);
    }
  };
  try {
    for (let index = 0; index < items.length; index++) {
      startUpTo(index + Math.max(1, ahead));
      const promise = started.get(index);
      started.delete(index);
      await consume((await promise) as R, index);
    }
  } finally {
    await Promise.allSettled(started.values());
  }
}

/** Runs `work` over every item, at most `limit` at once; results in input order. Waits for all before failing. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  await prepareInOrder(items, limit, work, async (result, index) => {
    results[index] = result;
  });
  return results;
}

/**
 * Waits for every promise to settle, then gives their values, or throws the first failure in the order given (list
 * the one whose error should win first, e.g. the input's damage before the errors it causes elsewhere).
 */
export async function allSettledOrThrow<T extends readonly unknown[]>(
  ...promises: { [K in keyof T]: Promise<T[K]> }
): Promise<T> {
  const settled = await Promise.allSettled(promises);
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
