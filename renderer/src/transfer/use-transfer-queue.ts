import { useCallback, useRef, useState } from 'react';
import { sleep } from './abortable-sleep';
import { type ItemChange, useTransferList } from './use-transfer-list';

/** One file of an upload queue (docs/product/SPEC.md §4 "Dashboard upload queue", "Batch"). */
export interface QueuedTransfer {
  id: string;
  file: File;
  status: 'pending' | 'uploading' | 'compressing' | 'completed' | 'error';
  /** 0-100. */
  progress: number;
  error: string | null;
}

export function isInFlight(item: { status: string }): boolean {
  return item.status === 'uploading' || item.status === 'compressing';
}

/**
 * Sends one round of pending items, each through `patch` (which stops once the page is left); resolves how many of
 * them the server stored, or null to end the run.
 */
export type RoundSender<Item> = (
  items: Item[],
  signal: AbortSignal,
  patch: (item: Item, change: ItemChange<Item>) => void,
) => Promise<number | null>;

export interface TransferQueueOptions {
  /** Items sent together; the next round starts once all of them have ended. */
  roundSize: number;
  /** The pause between two rounds. */
  roundPauseMs?: number;
}

/**
 * A queue of files sent in rounds. A run takes every pending item, those added or retried meanwhile too, until none
 * is left, the queue is paused, or the page is left.
 */
export function useTransferQueue<Item extends QueuedTransfer>({ roundSize, roundPauseMs = 0 }: TransferQueueOptions) {
  const list = useTransferList<Item>(isInFlight);
  const { itemsRef, update, patch: patchItem, begin } = list;
  const [running, setRunning] = useState(false);
  const [paused, setPaused] = useState(false);
  const pausedRef = useRef(false);
  const runningRef = useRef(false);

  /**
   * Starts a run with `send` (and ends a pause). Resolves how many items the run stored; null when there is nothing
   * to tell: a run was already going, or the page was left.
   */
  const start = useCallback(
    async (send: RoundSender<Item>): Promise<number | null> => {
      pausedRef.current = false;
      setPaused(false);
      if (runningRef.current) return null;
      runningRef.current = true;
      setRunning(true);
      const { signal, end } = begin();
      const patch = (item: Item, change: ItemChange<Item>) => {
        if (!signal.aborted) patchItem(item.id, change);
      };
      let stored = 0;
      try {
        for (let round = 0; ; round += 1) {
          if (round > 0 && roundPauseMs > 0) await sleep(roundPauseMs, signal);
          if (pausedRef.current || signal.aborted) break;
          const next = itemsRef.current.filter((item) => item.status === 'pending').slice(0, roundSize);
          if (next.length === 0) break;
          const count = await send(next, signal, patch);
          if (count === null) break;
          stored += count;
        }
      } catch {
        // Only an abort (the page was left) ends the rounds by throwing; there is nobody to tell.
      }
      end();
      if (signal.aborted) return null;
      runningRef.current = false;
      setRunning(false);
      return stored;
    },
    [begin, itemsRef, patchItem, roundPauseMs, roundSize],
  );

  /** No further round starts (items in flight finish); `start` resumes. */
  const pause = useCallback(() => {
    pausedRef.current = true;
    setPaused(true);
  }, []);

  /** A failed item goes back to pending; a running queue picks it up in its next round. */
  const retry = useCallback(
    (id: string) =>
      update((current) =>
        current.map((item) =>
          item.id === id && item.status === 'error' ? { ...item, status: 'pending', progress: 0, error: null } : item,
        ),
      ),
    [update],
  );

  /** Drops the items `drop` picks, unless a run is going. */
  const dropWhileIdle = useCallback(
    (drop: (item: Item) => boolean) => {
      if (runningRef.current) return;
      update((current) => current.filter((item) => !drop(item)));
    },
    [update],
  );

  return {
    items: list.items,
    itemsRef,
    add: list.add,
    remove: list.remove,
    running,
    paused,
    start,
    pause,
    retry,
    dropWhileIdle,
    hasPending: list.items.some((item) => item.status === 'pending'),
  };
}
