import {
  ApiError,
  type CompressionPreview,
  DEFAULT_COMPRESSION_LEVEL,
  FREE_COMPRESSION_LIMIT_BYTES,
  MAX_FILE_SIZE_BYTES,
} from '@shrinkly/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { sleep } from '../../transfer/abortable-sleep';
import { failureMessage, UploadError } from '../../transfer/transfer-errors';
import { requestPreview } from './api';
import { compressionToasts } from './compression-toasts';
import { isLandingAcceptedFile } from './file-acceptance';
import { levelForSliderValue, sliderValueForLevel } from './level-slider';
import { localPreview } from './local-preview';
import type { CompressionOutcome, PaymentDue } from './outcome';
import { inspectPendingPayment } from './pending-payment-check';
import { clearPendingPayment, readPendingPayment, storePendingPayment } from './pending-payment';
import { type RunContext, runChunked, runDirect, runPaidJob, UPLOAD_STATUS } from './run-compression';
import { isPremiumRequired } from './premium-required';
import { BUSY_CLEAR_DELAY_MS, PROGRESS } from './upload-timing';

/** The landing upload area's states (SPEC section 4 "Public upload flow"). */
export type UploadFlowState =
  | { step: 'idle' }
  /** The server preview is being computed. */
  | { step: 'analyzing'; fileName: string }
  | { step: 'preview'; file: File; preview: CompressionPreview }
  | { step: 'processing'; fileName: string; status: string; percent: number }
  | { step: 'result'; outcome: CompressionOutcome };

const IDLE: UploadFlowState = { step: 'idle' };

/** Every state and action of the landing upload area; one attempt at a time, each with its own AbortController. */
export function useCompressionFlow() {
  const [state, setState] = useState<UploadFlowState>(IDLE);
  const [sliderValue, setSliderValue] = useState(() => sliderValueForLevel(DEFAULT_COMPRESSION_LEVEL));
  const [paymentDialog, setPaymentDialog] = useState<PaymentDue | null>(null);
  const attempt = useRef<AbortController | null>(null);
  const level = levelForSliderValue(sliderValue);

  /** Starts a new attempt, abandoning any other. */
  const begin = useCallback(() => {
    attempt.current?.abort();
    const controller = new AbortController();
    attempt.current = controller;
    return controller;
  }, []);

  const reset = useCallback(() => {
    attempt.current?.abort();
    attempt.current = null;
    setPaymentDialog(null);
    setState(IDLE);
  }, []);

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
          setPaymentDialog(outcome.payment);
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
        if (attempt.current === controller) attempt.current = null;
      }
    },
    [begin],
  );

  /** A file chosen or dropped: checked, then previewed (by the server under the free limit, locally above it). */
  const chooseFiles = useCallback(
    async (files: File[]) => {
      if (files.length > 1) return compressionToasts.oneFileOnly();
      const file = files[0];
      if (!file) return;
      if (!isLandingAcceptedFile(file)) return compressionToasts.unsupportedType();
      if (file.size > MAX_FILE_SIZE_BYTES) return compressionToasts.fileTooLarge();
      setPaymentDialog(null);
      if (file.size >= FREE_COMPRESSION_LIMIT_BYTES) {
        attempt.current?.abort();
        setState({ step: 'preview', file, preview: localPreview(file) });
        return;
      }
      const controller = begin();
      setState({ step: 'analyzing', fileName: file.name });
      try {
        const preview = await requestPreview(file, controller.signal);
        if (controller.signal.aborted) return;
        attempt.current = null;
        setState({ step: 'preview', file, preview });
      } catch (error) {
        if (controller.signal.aborted) return;
        // SPEC section 4: a failed preview falls back, silently, to direct compression at the chosen level.
        // A refusal of the file itself (too large, wrong type) is shown as the compression would show it.
        if (error instanceof ApiError && (error.status === 413 || error.status === 415)) {
          compressionToasts.compressionFailed(failureMessage(error));
          setState(IDLE);
          return;
        }
        void run(file.name, (ctx) => runDirect(file, level, ctx));
      }
    },
    [begin, level, run],
  );

  /** The preview modal's Compress: chunked upload from the free limit up, one direct upload below it. */
  const compress = useCallback(() => {
    if (state.step !== 'preview') return;
    const { file } = state;
    const runner = file.size >= FREE_COMPRESSION_LIMIT_BYTES ? runChunked : runDirect;
    void run(file.name, (ctx) => runner(file, level, ctx));
  }, [level, run, state]);

  /** Cancel Upload: aborts the request in flight. */
  const cancel = useCallback(() => {
    if (!attempt.current) return;
    reset();
    compressionToasts.uploadCancelled();
  }, [reset]);

  // Back from the checkout: pick up the stored pending payment once.
  useEffect(() => {
    const jobId = readPendingPayment();
    if (!jobId) return;
    const controller = begin();
    const done = () => {
      if (attempt.current === controller) attempt.current = null;
    };
    inspectPendingPayment(jobId).then(
      (action) => {
        if (controller.signal.aborted) return;
        done();
        if (action.kind === 'completed') {
          clearPendingPayment(jobId);
          compressionToasts.paymentSuccessful();
          setState({ step: 'result', outcome: action.outcome });
        } else if (action.kind === 'unpaid') {
          setState({ step: 'result', outcome: action.outcome });
        } else if (action.kind === 'paid') {
          const finishPaid = () => {
            clearPendingPayment(jobId);
            compressionToasts.paymentSuccessful();
          };
          void run(
            '',
            async (ctx) => {
              ctx.report(UPLOAD_STATUS.paymentCheck, 0);
              return { kind: 'compressed', file: await runPaidJob(jobId, ctx) };
            },
            finishPaid,
          );
        } else {
          clearPendingPayment(jobId);
        }
      },
      () => {
        // SPEC section 8: a failed check is silent.
        if (controller.signal.aborted) return;
        done();
        clearPendingPayment(jobId);
      },
    );
    return () => controller.abort();
  }, [begin, run]);

  /** Compress Another File: everything back to the start; an unpaid job shown on the card is given up. */
  const startOver = useCallback(() => {
    if (state.step === 'result' && state.outcome.kind === 'payment') clearPendingPayment(state.outcome.payment.jobId);
    reset();
  }, [reset, state]);

  return {
    state,
    level,
    sliderValue,
    setSliderValue,
    paymentDialog,
    closePaymentDialog: useCallback(() => setPaymentDialog(null), []),
    chooseFiles,
    compress,
    cancel,
    closePreview: reset,
    startOver,
  };
}
