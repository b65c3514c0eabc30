import {
  type CompressionLevel,
  DEFAULT_COMPRESSION_LEVEL,
  FREE_COMPRESSION_LIMIT_BYTES,
  MAX_FILE_SIZE_BYTES,
  planOf,
  type User,
} from '@shrinkly/contract';
import { useCallback, useState } from 'react';
import { type RoundSender, useTransferQueue } from '../../transfer/use-transfer-queue';
import { isPremiumRequired } from '../compression/premium-required';
import { useRefreshFiles } from '../files/api';
import { isAccepted, SINGLE_UPLOAD_TYPES } from './file-acceptance';
import { sendUpload } from './send-upload';
import { queuedUpload, SINGLE_UPLOAD_PROGRESS, type UploadItem } from './upload-item';
import { uploadToasts } from './upload-toasts';

/**
 * The Single File Upload queue: files are checked when added, then uploaded one after another into the folder
 * open when Start Compressing is pressed. The work goes on while the dialog is closed; leaving the page aborts it.
 */
export function useUploadQueue(user: User) {
  const queue = useTransferQueue<UploadItem>({ roundSize: 1 });
  const [level, setLevel] = useState<CompressionLevel>(DEFAULT_COMPRESSION_LEVEL);
  /** How many files the last run stored, for the Upload Complete dialog; null when there is nothing to announce. */
  const [storedCount, setStoredCount] = useState<number | null>(null);
  const refresh = useRefreshFiles();
  const { add, start: startQueue, dropWhileIdle } = queue;

  /** SPEC section 5: accepted types, at most 5GB, and under 100MB on a free account; the first refusal is toasted. */
  const addFiles = useCallback(
    (files: File[]) => {
      const free = planOf(user) === 'free';
      const accepted: UploadItem[] = [];
      let refusal: (() => void) | null = null;
      for (const file of files) {
        if (!isAccepted(file, SINGLE_UPLOAD_TYPES)) refusal ??= () => uploadToasts.unsupportedType(SINGLE_UPLOAD_TYPES.list);
        else if (file.size > MAX_FILE_SIZE_BYTES) refusal ??= uploadToasts.fileTooLarge;
        else if (free && file.size >= FREE_COMPRESSION_LIMIT_BYTES) refusal ??= uploadToasts.premiumRequired;
        else accepted.push(queuedUpload(file));
      }
      refusal?.();
      add(accepted);
    },
    [add, user],
  );

  /** Start Compressing: every pending item in turn, including ones added meanwhile, into `folderId`. */
  const start = useCallback(
    async (folderId: string | null) => {
      setStoredCount(null);
      const send: RoundSender<UploadItem> = async ([item], signal, patch) => {
        if (!item) return null;
        const stored = await sendUpload(item, { level, folderId }, {
          signal,
          patch: (change) => patch(item, change),
          scale: SINGLE_UPLOAD_PROGRESS,
          refresh: () => void refresh(),
          onFailure: (error, message) => {
            if (isPremiumRequired(error)) uploadToasts.premiumRequired();
            else uploadToasts.uploadFailed(message);
          },
        });
        return stored ? 1 : 0;
      };
      const stored = await startQueue(send);
      if (stored) setStoredCount(stored);
    },
    [level, refresh, startQueue],
  );

  /** Closing the dialog when nothing runs drops the finished items; files still waiting stay queued. */
  const clearFinished = useCallback(() => dropWhileIdle((item) => item.status !== 'pending'), [dropWhileIdle]);

  const acknowledgeStored = useCallback(() => setStoredCount(null), []);

  return {
    items: queue.items,
    level,
    setLevel,
    running: queue.running,
    storedCount,
    addFiles,
    remove: queue.remove,
    start,
    clearFinished,
    acknowledgeStored,
    hasPending: queue.hasPending,
  };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
