import {
  type CompressionLevel,
  DEFAULT_COMPRESSION_LEVEL,
  FREE_COMPRESSION_LIMIT_BYTES,
  MAX_FILE_SIZE_BYTES,
  planFromFlags,
  type User,
} from '@shrinkly/contract';
import { useCallback, useState } from 'react';
import { type RoundSender, useTransferQueue } from '../../transfer/use-transfer-queue';
import { useCompressionOptions } from '../compression/compression-options';
import { isPremiumRequired } from '../compression/premium-required';
import { useRefreshFiles } from '../files/api';
import { isAccepted, SINGLE_UPLOAD_TYPES } from './file-acceptance';
import { sendUpload } from './send-upload';
import { queuedUpload, SINGLE_UPLOAD_PROGRESS, type UploadItem } from './upload-item';
import { uploadToasts } from './upload-toasts';
import type { LargeFileOffer } from './use-pay-per-file';

/**
 * The Single File Upload queue: files are checked when added, then uploaded one after another into the folder
 * open when Start Compressing is pressed. The work goes on while the dialog is closed; leaving the page aborts it.
 * A free account's file of 100MB or more is not queued: it is offered pay per file (or a subscription) instead.
 */
export function useUploadQueue(user: User, offerPayPerFile: (offer: LargeFileOffer) => void) {
  const queue = useTransferQueue<UploadItem>({ roundSize: 1 });
  const [level, setLevel] = useState<CompressionLevel>(DEFAULT_COMPRESSION_LEVEL);
  const options = useCompressionOptions(user.photoData);
  const { choices } = options;
  /** How many files the last run stored, for the Upload Complete dialog; null when there is nothing to announce. */
  const [storedCount, setStoredCount] = useState<number | null>(null);
  const refresh = useRefreshFiles();
  const { add, start: startQueue, dropWhileIdle } = queue;

  /**
   * docs/product/SPEC.md §5: accepted types and at most 5GB, the first refusal toasted. On a free account a file of 100MB or
   * more is offered pay per file, one at a time.
   */
  const addFiles = useCallback(
    (files: File[]) => {
      const free = planFromFlags(user) === 'free';
      const accepted: UploadItem[] = [];
      const large: File[] = [];
      let refusal: (() => void) | null = null;
      for (const file of files) {
        if (!isAccepted(file, SINGLE_UPLOAD_TYPES)) refusal ??= () => uploadToasts.unsupportedType(SINGLE_UPLOAD_TYPES.list);
        else if (file.size > MAX_FILE_SIZE_BYTES) refusal ??= uploadToasts.fileTooLarge;
        else if (free && file.size >= FREE_COMPRESSION_LIMIT_BYTES) large.push(file);
        else accepted.push(queuedUpload(file));
      }
      refusal?.();
      add(accepted);
      const [first, ...others] = large;
      if (first) offerPayPerFile({ file: first, others: others.length });
    },
    [add, offerPayPerFile, user],
  );

  /** Start Compressing: every pending item in turn, including ones added meanwhile, into `folderId`. */
  const start = useCallback(
    async (folderId: string | null) => {
      setStoredCount(null);
      const send: RoundSender<UploadItem> = async ([item], signal, patch) => {
        if (!item) return null;
        const stored = await sendUpload(
          item,
          { level, folderId, choices },
          {
            signal,
            patch: (change) => patch(item, change),
            scale: SINGLE_UPLOAD_PROGRESS,
            refresh: () => void refresh(),
            onFailure: (error, message) => {
              // The server's plan check (the plan ended meanwhile): the same offer as for a file refused when added.
              if (isPremiumRequired(error)) offerPayPerFile({ file: item.file, others: 0 });
              else uploadToasts.uploadFailed(message);
            },
          },
        );
        return stored ? 1 : 0;
      };
      const stored = await startQueue(send);
      if (stored) setStoredCount(stored);
    },
    [level, choices, offerPayPerFile, refresh, startQueue],
  );

  /** Closing the dialog when nothing runs drops the finished items; files still waiting stay queued. */
  const clearFinished = useCallback(() => dropWhileIdle((item) => item.status !== 'pending'), [dropWhileIdle]);

  const acknowledgeStored = useCallback(() => setStoredCount(null), []);

  return {
    items: queue.items,
    level,
    setLevel,
    options,
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
