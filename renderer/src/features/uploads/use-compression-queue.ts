import { type CompressionLevel, DEFAULT_COMPRESSION_LEVEL, type MetadataChoice } from '@shrinkly/contract';
import { useCallback, useState } from 'react';
import { type TransferQueueOptions, useTransferQueue } from '../../transfer/use-transfer-queue';
import { useCompressionOptions } from '../compression/compression-options';
import type { UploadItem } from './upload-item';
import type { RunCompletion } from './use-completion-notice';

/**
 * What the Single File Upload queue and the batch share: the transfer queue, the level and options its files go with,
 * and the end of a run for Upload Complete / Batch Complete. `finished` tells the items that need no more attention
 * once the dialog closes while nothing runs (it must not change between renders).
 */
export function useCompressionQueue<Item extends UploadItem>(
  queueOptions: TransferQueueOptions,
  savedPhotoData: MetadataChoice | undefined,
  finished: (item: Item) => boolean,
) {
  const queue = useTransferQueue<Item>(queueOptions);
  const [level, setLevel] = useState<CompressionLevel>(DEFAULT_COMPRESSION_LEVEL);
  const options = useCompressionOptions(savedPhotoData);
  /** Files stored by the run that ended, for the completion notice; null when there is nothing to announce. */
  const [count, setCount] = useState<number | null>(null);
  const acknowledge = useCallback(() => setCount(null), []);
  const { dropWhileIdle } = queue;
  const clearFinished = useCallback(() => dropWhileIdle(finished), [dropWhileIdle, finished]);
  const completion: RunCompletion = { count, acknowledge, clearFinished };

  return {
    queue,
    /** Announces the end of a run that stored `stored` files; null withdraws the announcement. */
    announce: setCount,
    /** What both dialogs show and do, beside each queue's own adding and starting. */
    view: {
      items: queue.items,
      level,
      setLevel,
      options,
      running: queue.running,
      remove: queue.remove,
      hasPending: queue.hasPending,
      completion,
    },
  };
}
