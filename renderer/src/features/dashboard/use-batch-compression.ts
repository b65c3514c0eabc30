import {
  ApiError,
  BATCH_CONCURRENCY,
  BATCH_ROUND_PAUSE_MS,
  type CompressionLevel,
  DEFAULT_COMPRESSION_LEVEL,
  ErrorMessages,
} from '@shrinkly/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage, sleep } from '../compression/upload-errors';
import { createBatch, uploadToMyFiles, useRefreshDashboard } from './api';
import { admitToBatch, BATCH_PROGRESS, type BatchItem, batchCompressProgress, batchUploadProgress } from './batch-queue';
import { dashboardToasts } from './dashboard-toasts';
import { BATCH_UPLOAD_TYPES } from './file-acceptance';
import { isBusy } from './upload-queue';
import { newItemId, patchItem, useSyncedList } from './use-synced-list';

/** The server's batch this dialog uploads into, and how many files it already stored. */
interface BatchSession {
  id: string;
  maxFiles: number;
  stored: number;
}

/**
 * Batch compression: up to BATCH_MAX_FILES files, uploaded BATCH_CONCURRENCY at a time with a pause between rounds.
 * One server batch serves every round and every retry while it has room (failed uploads take none), so a retried
 * file reuses the batchId it first went with.
 */
export function useBatchCompression() {
  const [items, itemsRef, update] = useSyncedList<BatchItem>();
  const [level, setLevel] = useState<CompressionLevel>(DEFAULT_COMPRESSION_LEVEL);
  const [running, setRunning] = useState(false);
  const [paused, setPaused] = useState(false);
  /** Files stored by a run that completed every item: the Batch Complete dialog; null when closed. */
  const [completedCount, setCompletedCount] = useState<number | null>(null);
  const pausedRef = useRef(false);
  const run = useRef<AbortController | null>(null);
  const session = useRef<BatchSession | null>(null);
  const refresh = useRefreshDashboard();

  useEffect(() => () => run.current?.abort(), []);

  /** SPEC section 5 "Batch": types, 5GB per file, 3 files in all; refusals are toasted, the rest added. */
  const addFiles = useCallback(
    (files: File[]) => {
      const { added, refusal } = admitToBatch(files, itemsRef.current.length);
      if (refusal?.kind === 'limit') dashboardToasts.batchLimitReached(refusal.room);
      else if (refusal?.kind === 'size') dashboardToasts.batchSizeExceeded(refusal.count);
      else if (refusal?.kind === 'type') dashboardToasts.unsupportedType(BATCH_UPLOAD_TYPES.list);
      if (added.length === 0) return;
      const queued = added.map(
        (file): BatchItem => ({ id: newItemId(), file, status: 'pending', progress: 0, error: null, result: null }),
      );
      update((current) => [...current, ...queued]);
    },
    [itemsRef, update],
  );

  const remove = useCallback(
    (id: string) => update((current) => current.filter((item) => item.id !== id || isBusy(item))),
    [update],
  );

  /** An error item goes back to pending; a running batch picks it up in its next round. */
  const retry = useCallback(
    (id: string) =>
      update((current) =>
        current.map((item) =>
          item.id === id && item.status === 'error' ? { ...item, status: 'pending', progress: 0, error: null } : item,
        ),
      ),
    [update],
  );

  /** The batch for `count` more files: the current one while it has room, else a new one from the server. */
  const batchFor = useCallback(async (count: number): Promise<BatchSession> => {
    const current = session.current;
    if (current && current.stored + count <= current.maxFiles) return current;
    const batch = await createBatch(count);
    session.current = { id: batch.batchId, maxFiles: batch.maxFiles, stored: 0 };
    return session.current;
  }, []);

  const uploadItem = useCallback(
    async (item: BatchItem, batch: BatchSession, folderId: string | null, signal: AbortSignal): Promise<boolean> => {
      const patch = (change: Partial<BatchItem>) => {
        if (!signal.aborted) update((current) => patchItem(current, item.id, change));
      };
      patch({ status: 'uploading', progress: BATCH_PROGRESS.uploading, error: null });
      try {
        const result = await uploadToMyFiles(item.file, { level, folderId, batchId: batch.id }, {
          signal,
          onUploadProgress: (fraction) => patch({ progress: batchUploadProgress(fraction) }),
          onUploaded: () => patch({ status: 'compressing', progress: BATCH_PROGRESS.compressing }),
          onJobProgress: (percent) => patch({ status: 'compressing', progress: batchCompressProgress(percent) }),
          onAccepted: () => void refresh(),
        });
        batch.stored += 1;
        patch({ status: 'completed', progress: BATCH_PROGRESS.completed, result });
        void refresh();
        return true;
      } catch (error) {
        if (signal.aborted) return false;
        // An expired batch cannot take the retry: the next start asks for a fresh one.
        if (error instanceof ApiError && error.serverMessage === ErrorMessages.batchNotFound) session.current = null;
        const message = failureMessage(error);
        patch({ status: 'error', progress: 0, error: message ?? 'Upload failed. Please try again.' });
        dashboardToasts.uploadFailed(message, item.file.name);
        return false;
      }
    },
    [level, refresh, update],
  );

  /** Runs rounds until nothing is pending, the batch is paused, or the page is left. */
  const runRounds = useCallback(
    async (folderId: string | null, signal: AbortSignal) => {
      for (let round = 0; ; round += 1) {
        if (round > 0) await sleep(BATCH_ROUND_PAUSE_MS, signal);
        if (pausedRef.current || signal.aborted) return;
        const next = itemsRef.current.filter((item) => item.status === 'pending').slice(0, BATCH_CONCURRENCY);
        if (next.length === 0) return;
        let batch: BatchSession;
        try {
          batch = await batchFor(next.length);
        } catch (error) {
          dashboardToasts.batchFailed(failureMessage(error));
          return;
        }
        await Promise.all(next.map((item) => uploadItem(item, batch, folderId, signal)));
      }
    },
    [batchFor, itemsRef, uploadItem],
  );

  /** Start Batch Compression (and Resume): uploads the pending items into `folderId`. */
  const start = useCallback(
    async (folderId: string | null) => {
      pausedRef.current = false;
      setPaused(false);
      if (run.current) return;
      const controller = new AbortController();
      run.current = controller;
      setRunning(true);
      setCompletedCount(null);
      try {
        await runRounds(folderId, controller.signal);
      } catch {
        // Only an abort (the page was left) ends the rounds by throwing; there is nobody to tell.
      }
      if (controller.signal.aborted) return;
      run.current = null;
      setRunning(false);
      const all = itemsRef.current;
      if (all.length > 0 && all.every((item) => item.status === 'completed')) setCompletedCount(all.length);
    },
    [itemsRef, runRounds],
  );

  /** Pause: no further item starts (those running finish). Resume starts again where it stopped. */
  const togglePause = useCallback(
    (folderId: string | null) => {
      if (pausedRef.current) {
        void start(folderId);
        return;
      }
      pausedRef.current = true;
      setPaused(true);
    },
    [start],
  );

  /** Closing the dialog when nothing runs drops the completed files (they are in My Files now). */
  const clearCompleted = useCallback(() => {
    if (run.current) return;
    update((current) => current.filter((item) => item.status !== 'completed'));
  }, [update]);

  const acknowledgeCompleted = useCallback(() => setCompletedCount(null), []);

  return {
    items,
    level,
    setLevel,
    running,
    paused,
    completedCount,
    addFiles,
    remove,
    retry,
    start,
    togglePause,
    clearCompleted,
    acknowledgeCompleted,
    hasPending: items.some((item) => item.status === 'pending'),
  };
}

export type BatchCompression = ReturnType<typeof useBatchCompression>;
