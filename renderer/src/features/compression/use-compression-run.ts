import { FREE_COMPRESSION_LIMIT_BYTES } from '@shrinkly/contract';
import { useCallback, useEffect, useRef } from 'react';
import { sleep } from '../../transfer/abortable-sleep';
import { failureMessage, UploadError } from '../../transfer/transfer-errors';
import { compressionToasts } from './compression-toasts';
import type { CompressionOutcome, PaymentDue } from './outcome';
import { storePendingPayment } from './pending-payment';
import { isPremiumRequired } from './premium-required';
import type { RunContext } from './run-compression';
import { UPLOAD_STATUS } from './run-compression';
import { BUSY_CLEAR_DELAY_MS, PROGRESS } from './upload-timing';

/** The states one compression attempt moves the view through: back to idle on failure, else its outcome. */
export type RunState =
  | { step: 'idle' }
  | { step: 'processing'; fileName: string; status: string; percent: number }
  | { step: 'result'; outcome: CompressionOutcome };

export const IDLE: RunState = { step: 'idle' };

/**
 * One compression attempt at a time, each with its own AbortController, shown through `setState`: the landing
 * upload area's and the dashboard's pay per file. A file that waits for its payment is remembered as the pending
 * payment (docs/product/SPEC.md §4) and handed to `onPaymentDue`; failures are toasted as docs/product/SPEC.md §8 words them.
 */
export function useCompressionRun(setState: (state: RunState) => void, onPaymentDue?: (payment: PaymentDue) => void) {
  const attempt = useRef<AbortController | null>(null);

  /** Starts a new attempt, abandoning any other. */
  const begin = useCallback(() => {
    attempt.current?.abort();
    const controller = new AbortController();
    attempt.current = controller;
    return controller;
  }, []);

  /** The attempt of `controller` has ended (nothing to cancel any more). */
  const settle = useCallback((controller: AbortController) => {
    if (attempt.current === controller) attempt.current = null;
  }, []);

  /** Abandons the attempt in flight, if any. */
  const abort = useCallback(() => {
    attempt.current?.abort();
    attempt.current = null;
  }, []);

  const running = useCallback(() => attempt.current !== null, []);

  useEffect(() => () => attempt.current?.abort(), []);

  /** Runs one compression attempt in the processing view, then shows its outcome or its failure. */
  const run = useCallback(
    async (fileName: string, task: (ctx: RunContext) => Promise<CompressionOutcome>, onCompressed?: () => void) => {
      const controller = begin();
      const { signal } = controller;
      const report = (status: string, percent: number) => {
        if (!signal.aborted) setState({ step: 'processing', fileName, status, percent });
      };
      try {
        const outcome = await task({ signal, report });
        signal.throwIfAborted();
        if (outcome.kind === 'payment') {
          storePendingPayment(outcome.payment.jobId);
          compressionToasts.paymentRequired();
          setState({ step: 'result', outcome });
          onPaymentDue?.(outcome.payment);
          return;
        }
        if (outcome.kind === 'compressed') {
          report(UPLOAD_STATUS.complete, PROGRESS.done);
          const free = !outcome.file.paid && outcome.file.originalSize < FREE_COMPRESSION_LIMIT_BYTES;
          if (onCompressed) onCompressed();
          else compressionToasts.compressed(outcome.file.spaceSaved, free);
          await sleep(BUSY_CLEAR_DELAY_MS, signal);
        }
        setState({ step: 'result', outcome });
      } catch (error) {
        if (signal.aborted) return;
        if (isPremiumRequired(error)) {
          compressionToasts.premiumRequired();
          setState({ step: 'result', outcome: { kind: 'premium' } });
          return;
        }
        if (error instanceof UploadError) compressionToasts.uploadFailed(error.message);
        else compressionToasts.compressionFailed(failureMessage(error));
        setState(IDLE);
      } finally {
        settle(controller);
      }
    },
    [begin, onPaymentDue, setState, settle],
  );

  return { begin, settle, abort, running, run };
}
