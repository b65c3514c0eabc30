import { FREE_COMPRESSION_LIMIT_BYTES, MAX_FILE_SIZE_BYTES, planFromFlags, type User } from '@shrinkly/contract';
import { useCallback } from 'react';
import type { RoundSender } from '../../transfer/use-transfer-queue';
import { isPremiumRequired } from '../compression/premium-required';
import { useRefreshFiles } from '../files/api';
import { isAccepted, SINGLE_UPLOAD_TYPES } from './file-acceptance';
import { sendUpload } from './send-upload';
import { queuedUpload, SINGLE_UPLOAD_PROGRESS, type UploadItem } from './upload-item';
import { uploadToasts } from './upload-toasts';
import { useCompressionQueue } from './use-compression-queue';
import type { LargeFileOffer } from './use-pay-per-file';

/** Closing the dialog when nothing runs drops the finished items; files still waiting stay queued. */
const isFinished = (item: UploadItem) => item.status !== 'pending';

/**
 * The Single File Upload queue: files are checked when added, then uploaded one after another into the folder
 * open when Start Compressing is pressed. The work goes on while the dialog is closed; leaving the page aborts it.
 * A free account's file of 100MB or more is not queued: it is offered pay per file (or a subscription) instead.
 */
export function useUploadQueue(user: User, offerPayPerFile: (offer: LargeFileOffer) => void) {
  const { queue, announce, view } = useCompressionQueue<UploadItem>({ roundSize: 1 }, user.photoData, isFinished);
  const { level, options } = view;
  const { choices } = options;
  const refresh = useRefreshFiles();
  const { add, start: startQueue } = queue;

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
      announce(null);
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
      if (stored) announce(stored);
    },
    [announce, level, choices, offerPayPerFile, refresh, startQueue],
  );

  return { ...view, addFiles, start };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
