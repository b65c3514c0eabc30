import { pages } from '@shrinkly/contract';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { JobFailedError } from '../../transfer/transfer-errors';
import { compressionToasts } from './compression-toasts';
import type { CompressedFile } from './outcome';
import { clearPendingPayment } from './pending-payment';
import { runPaidJob, UPLOAD_STATUS } from './run-compression';

export interface PaidJobState {
  /** The result, once the job is compressed. */
  file: CompressedFile | null;
  status: string;
  percent: number;
}

/**
 * The result pages' work (docs/product/SPEC.md §4): with `simulate` the sandbox payment first, then a job that is not
 * completed is started (process-paid-compression) and followed until done. A failed job goes to
 * /compression-failed; an unknown (or unpaid) job is the 'Failed to process compression job' toast and home.
 */
export function usePaidJob(jobId: string, simulate: boolean): PaidJobState {
  const navigate = useNavigate();
  const [state, setState] = useState<PaidJobState>({ file: null, status: UPLOAD_STATUS.processing, percent: 0 });

  useEffect(() => {
    const controller = new AbortController();
    const report = (status: string, percent: number) => {
      if (!controller.signal.aborted) setState({ file: null, status, percent });
    };
    runPaidJob(jobId, { signal: controller.signal, report }, { simulate }).then(
      (file) => {
        if (controller.signal.aborted) return;
        // The landing page need not pick this payment up again.
        clearPendingPayment(jobId);
        setState({ file, status: UPLOAD_STATUS.complete, percent: 100 });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof JobFailedError) {
          void navigate(pages.compressionFailed, { replace: true });
          return;
        }
        compressionToasts.jobNotFound();
        void navigate('/', { replace: true });
      },
    );
    return () => controller.abort();
  }, [jobId, simulate, navigate]);

  return state;
}
