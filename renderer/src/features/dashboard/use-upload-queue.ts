import {
  type CompressionLevel,
  DEFAULT_COMPRESSION_LEVEL,
  FREE_COMPRESSION_LIMIT_BYTES,
  MAX_FILE_SIZE_BYTES,
  planOf,
  type User,
} from '@shrinkly/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage, isPremiumRequired } from '../compression/upload-errors';
import { type UploadTarget, uploadToMyFiles, useRefreshDashboard } from './api';
import { dashboardToasts } from './dashboard-toasts';
import { isAccepted, SINGLE_UPLOAD_TYPES } from './file-acceptance';
import { compressingProgress, isBusy, type UploadItem, UPLOADED_PROGRESS } from './upload-queue';
import { newItemId, patchItem, useSyncedList } from './use-synced-list';

function queued(file: File): UploadItem {
  return { id: newItemId(), file, status: 'pending', progress: 0, jobProgress: null, spaceSaved: null, error: null };
}

/**
 * The Single File Upload queue: files are checked when added, then uploaded one after another into the folder
 * open when Start Compressing is pressed. The work goes on while the dialog is closed; leaving the page aborts it.
 */
export function useUploadQueue(user: User) {
  const [items, itemsRef, update] = useSyncedList<UploadItem>();
  const [level, setLevel] = useState<CompressionLevel>(DEFAULT_COMPRESSION_LEVEL);
  const [running, setRunning] = useState(false);
  /** How many files the last run stored, for the Upload Complete dialog; null when there is nothing to announce. */
  const [storedCount, setStoredCount] = useState<number | null>(null);
  const run = useRef<AbortController | null>(null);
  const refresh = useRefreshDashboard();

  useEffect(() => () => run.current?.abort(), []);

  /** SPEC section 5: accepted types, at most 5GB, and under 100MB on a free account; the first refusal is toasted. */
  const addFiles = useCallback(
    (files: File[]) => {
      const free = planOf(user) === 'free';
      const accepted: UploadItem[] = [];
      let refusal: (() => void) | null = null;
      for (const file of files) {
        if (!isAccepted(file, SINGLE_UPLOAD_TYPES)) refusal ??= () => dashboardToasts.unsupportedType(SINGLE_UPLOAD_TYPES.list);
        else if (file.size > MAX_FILE_SIZE_BYTES) refusal ??= dashboardToasts.fileTooLarge;
        else if (free && file.size >= FREE_COMPRESSION_LIMIT_BYTES) refusal ??= dashboardToasts.premiumRequired;
        else accepted.push(queued(file));
      }
      refusal?.();
      if (accepted.length > 0) update((current) => [...current, ...accepted]);
    },
    [update, user],
  );

  /** Items in flight stay: their upload cannot be taken back half-way. */
  const remove = useCallback(
    (id: string) => update((current) => current.filter((item) => item.id !== id || isBusy(item))),
    [update],
  );

  /** Uploads one item, reporting its progress; true when the file was stored. */
  const uploadItem = useCallback(
    async (item: UploadItem, target: UploadTarget, signal: AbortSignal): Promise<boolean> => {
      const patch = (change: Partial<UploadItem>) => {
        if (!signal.aborted) update((current) => patchItem(current, item.id, change));
      };
      patch({ status: 'uploading', progress: 0, error: null });
      try {
        const stored = await uploadToMyFiles(item.file, target, {
          signal,
          onUploadProgress: (fraction) =>
            patch({ progress: Math.min(UPLOADED_PROGRESS - 1, Math.round(fraction * UPLOADED_PROGRESS)) }),
          onUploaded: () => patch({ status: 'compressing', progress: UPLOADED_PROGRESS }),
          onJobProgress: (percent) =>
            patch({ status: 'compressing', progress: compressingProgress(percent), jobProgress: percent }),
          onAccepted: () => void refresh(),
        });
        patch({ status: 'completed', progress: 100, spaceSaved: stored.spaceSaved });
        void refresh();
        return true;
      } catch (error) {
        if (signal.aborted) return false;
        const message = failureMessage(error);
        patch({ status: 'error', progress: 0, error: message ?? 'Upload failed. Please try again.' });
        if (isPremiumRequired(error)) dashboardToasts.premiumRequired();
        else dashboardToasts.uploadFailed(message);
        return false;
      }
    },
    [refresh, update],
  );

  /** Start Compressing: every pending item in turn, including ones added meanwhile, into `folderId`. */
  const start = useCallback(
    async (folderId: string | null) => {
      if (run.current) return;
      const controller = new AbortController();
      run.current = controller;
      setRunning(true);
      setStoredCount(null);
      let stored = 0;
      for (;;) {
        const next = itemsRef.current.find((item) => item.status === 'pending');
        if (!next || controller.signal.aborted) break;
        if (await uploadItem(next, { level, folderId }, controller.signal)) stored += 1;
      }
      if (controller.signal.aborted) return;
      run.current = null;
      setRunning(false);
      if (stored > 0) setStoredCount(stored);
    },
    [itemsRef, level, uploadItem],
  );

  /** Closing the dialog when nothing runs drops the finished items; files still waiting stay queued. */
  const clearFinished = useCallback(() => {
    if (run.current) return;
    update((current) => current.filter((item) => item.status === 'pending'));
  }, [update]);

  const acknowledgeStored = useCallback(() => setStoredCount(null), []);

  return {
    items,
    level,
    setLevel,
    running,
    storedCount,
    addFiles,
    remove,
    start,
    clearFinished,
    acknowledgeStored,
    hasPending: items.some((item) => item.status === 'pending'),
  };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
