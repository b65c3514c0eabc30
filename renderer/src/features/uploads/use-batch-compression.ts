import { BATCH_CONCURRENCY, BATCH_ROUND_PAUSE_MS } from '@shrinkly/contract';
import { useCallback, useRef } from 'react';
import { hasErrorCode } from '../../api/api-error';
import { failureMessage } from '../../transfer/transfer-errors';
import type { RoundSender } from '../../transfer/use-transfer-queue';
import { useCurrentUser } from '../account/api';
import { useRefreshFiles } from '../files/api';
import { createBatch } from './api';
import { admitToBatch, BATCH_PROGRESS, type BatchItem } from './batch-queue';
import { BATCH_UPLOAD_TYPES } from './file-acceptance';
import { sendUpload } from './send-upload';
import { queuedUpload } from './upload-item';
import { uploadToasts } from './upload-toasts';
import { useCompressionQueue } from './use-compression-queue';

/** The server's batch this dialog uploads into, and how many files it already stored. */
interface BatchSession {
  id: string;
  maxFiles: number;
  stored: number;
}

/** Closing the dialog when nothing runs drops the completed files (they are in My Files now). */
const isCompleted = (item: BatchItem) => item.status === 'completed';

/**
 * Batch compression: up to BATCH_MAX_FILES files, uploaded BATCH_CONCURRENCY at a time with a pause between rounds.
 * One server batch serves every round and every retry while it has room (failed uploads take none), so a retried
 * file reuses the batchId it first went with.
 */
export function useBatchCompression() {
  // Batch Complete is announced only for a run that completed every item.
  const { queue, announce, view } = useCompressionQueue<BatchItem>(
    { roundSize: BATCH_CONCURRENCY, roundPauseMs: BATCH_ROUND_PAUSE_MS },
    useCurrentUser().user?.photoData,
    isCompleted,
  );
  const { level, options } = view;
  const { choices } = options;
  const session = useRef<BatchSession | null>(null);
  const refresh = useRefreshFiles();
  const { itemsRef, add, start: startQueue, pause } = queue;

  /** docs/product/SPEC.md §5 "Batch": types, 5GB per file, 3 files in all; refusals are toasted, the rest added. */
  const addFiles = useCallback(
    (files: File[]) => {
      const { added, refusal } = admitToBatch(files, itemsRef.current.length);
      if (refusal?.kind === 'limit') uploadToasts.batchLimitReached(refusal.room);
      else if (refusal?.kind === 'size') uploadToasts.batchSizeExceeded(refusal.count);
      else if (refusal?.kind === 'type') uploadToasts.unsupportedType(BATCH_UPLOAD_TYPES.list);
      add(added.map(queuedUpload));
    },
    [add, itemsRef],
  );

  /** The batch for `count` more files: the current one while it has room, else a new one from the server. */
  const batchFor = useCallback(async (count: number): Promise<BatchSession> => {
    const current = session.current;
    if (current && current.stored + count <= current.maxFiles) return current;
    const batch = await createBatch(count);
    session.current = { id: batch.batchId, maxFiles: batch.maxFiles, stored: 0 };
    return session.current;
  }, []);

  /** Start Batch Compression (and Resume): uploads the pending items into `folderId`. */
  const start = useCallback(
    async (folderId: string | null) => {
      announce(null);
      const send: RoundSender<BatchItem> = async (items, signal, patch) => {
        let batch: BatchSession;
        try {
          batch = await batchFor(items.length);
        } catch (error) {
          uploadToasts.batchFailed(failureMessage(error));
          return null;
        }
        const stored = await Promise.all(
          items.map((item) =>
            sendUpload(
              item,
              { level, folderId, batchId: batch.id, choices },
              {
                signal,
                patch: (change) => patch(item, change),
                scale: BATCH_PROGRESS,
                refresh: () => void refresh(),
                onFailure: (error, message) => {
                  // An expired batch cannot take the retry: the next start asks for a fresh one.
                  if (hasErrorCode(error, 'batchNotFound')) session.current = null;
                  uploadToasts.uploadFailed(message, item.file.name);
                },
              },
            ).then((ok) => {
              if (ok) batch.stored += 1;
              return ok;
            }),
          ),
        );
        return stored.filter(Boolean).length;
      };
      if ((await startQueue(send)) === null) return;
      const all = itemsRef.current;
      if (all.length > 0 && all.every(isCompleted)) announce(all.length);
    },
    [announce, batchFor, itemsRef, level, choices, refresh, startQueue],
  );

  /** Pause: no further round starts (files in flight finish). Resume starts again where it stopped. */
  const togglePause = useCallback(
    (folderId: string | null) => {
      if (queue.paused) void start(folderId);
      else pause();
    },
    [pause, queue.paused, start],
  );

  return { ...view, paused: queue.paused, addFiles, retry: queue.retry, start, togglePause };
}

export type BatchCompression = ReturnType<typeof useBatchCompression>;
