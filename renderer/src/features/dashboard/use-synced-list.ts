import { type RefObject, useCallback, useRef, useState } from 'react';

/**
 * A list kept in state and, synchronously, in a ref: long-running upload loops read the ref to see the latest
 * items (added, removed or retried while they run), and every change goes through `update` so both stay equal.
 */
export function useSyncedList<T>(): [T[], RefObject<T[]>, (change: (items: T[]) => T[]) => void] {
  const [items, setItems] = useState<T[]>([]);
  const ref = useRef<T[]>(items);
  const update = useCallback((change: (items: T[]) => T[]) => {
    ref.current = change(ref.current);
    setItems(ref.current);
  }, []);
  return [items, ref, update];
}

/** Replaces the item with `id` by `patch` applied to it. */
export function patchItem<T extends { id: string }>(items: T[], id: string, patch: Partial<T>): T[] {
  return items.map((item) => (item.id === id ? { ...item, ...patch } : item));
}

let nextItemId = 0;
/** A key for a queued file: the same file may be queued twice. */
export function newItemId(): string {
  nextItemId += 1;
  return `item-${nextItemId}`;
}
