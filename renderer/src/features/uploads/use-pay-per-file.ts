import { useCallback, useState } from 'react';
import type { CompressionRequest } from '../compression/api';
import { compressionToasts } from '../compression/compression-toasts';
import { runChunked } from '../compression/run-compression';
import { IDLE, type RunState, useCompressionRun } from '../compression/use-compression-run';

/** A free account's file of 100MB or more, offered pay per file or a subscription. */
export interface LargeFileOffer {
  file: File;
  /** More files of that size were chosen with it; they wait to be added again. */
  others: number;
}

/**
 * Pay per file from the dashboard, for a free account's file of 100MB or more: the landing page's large-file flow
 * (chunked upload, assembled with the user's token, then the Payment Required card, the checkout and the paid
 * download). The result is a download only; nothing is added to My Files.
 */
export function usePayPerFile() {
  const [state, setState] = useState<RunState>(IDLE);
  const { abort, running, run } = useCompressionRun(setState);

  const pay = useCallback(
    (file: File, request: CompressionRequest) => void run(file.name, (ctx) => runChunked(file, request, ctx)),
    [run],
  );

  /** Cancel Upload (or the dialog closed while uploading): the upload is aborted and nothing is charged. */
  const cancel = useCallback(() => {
    if (!running()) return;
    abort();
    setState(IDLE);
    compressionToasts.uploadCancelled();
  }, [abort, running]);

  return { state, pay, cancel };
}
