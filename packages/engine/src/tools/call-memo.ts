import type { CallMemo } from '../types.js';

/**
 * What `make` gives, made once per engine call under `key` (`ctx.memo`): every later run of the call takes the same
 * promise. Without a memo (a family called on its own), made afresh.
 */
export function madeOnce<T>(memo: CallMemo | undefined, key: string, make: () => Promise<T>): Promise<T> {
  if (!memo) return make();
  const known = memo.get(key) as Promise<T> | undefined;
  if (known !== undefined) return known;
  const made = make();
  memo.set(key, made);
  return made;
}
