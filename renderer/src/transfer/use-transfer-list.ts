import { useCallback, useEffect, useRef, useState } from 'react';

/** A change to one item: the fields to replace, or a function of the item giving them. */
export type ItemChange<Item> = Partial<Item> | ((item: Item) => Partial<Item>);

let lastItemId = 0;
/** A key for a listed file: the same file may be listed twice. */
export function newItemId(): string {
  lastItemId += 1;
  return `item-${lastItemId}`;
}

/**
 * Files being sent, kept in state and, synchronously, in a ref: long-running loops read `itemsRef` to see the
 * latest items (added, removed or retried while they run), and every change goes through `update` so both stay
 * equal. Work begun with `begin` is aborted when the component leaves. `isBusy` (a stable function) tells which
 * items are in flight: those cannot be removed.
 */
export function useTransferList<Item extends { id: string }>(isBusy: (item: Item) => boolean) {
  const [items, setItems] = useState<Item[]>([]);
  const itemsRef = useRef<Item[]>(items);
  const work = useRef(new Set<AbortController>());

  useEffect(() => {
    const running = work.current;
    return () => {
      for (const controller of running) controller.abort();
    };
  }, []);

  const update = useCallback((change: (items: Item[]) => Item[]) => {
    itemsRef.current = change(itemsRef.current);
    setItems(itemsRef.current);
  }, []);

  const patch = useCallback(
    (id: string, change: ItemChange<Item>) =>
      update((current) =>
        current.map((item) => (item.id === id ? { ...item, ...(typeof change === 'function' ? change(item) : change) } : item)),
      ),
    [update],
  );

  const add = useCallback(
    (added: Item[]) => {
      if (added.length > 0) update((current) => [...current, ...added]);
    },
    [update],
  );

  const remove = useCallback(
    (id: string) => update((current) => current.filter((item) => item.id !== id || isBusy(item))),
    [isBusy, update],
  );

  /** A signal for one piece of work, aborted if the page is left first; `end` forgets it once the work is over. */
  const begin = useCallback(() => {
    const controller = new AbortController();
    work.current.add(controller);
    return { signal: controller.signal, end: () => void work.current.delete(controller) };
  }, []);

  return { items, itemsRef, update, patch, add, remove, begin };
}
