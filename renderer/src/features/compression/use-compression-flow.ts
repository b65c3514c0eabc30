import {
  ApiError,
  type CompressionPreview,
  DEFAULT_COMPRESSION_LEVEL,
  FREE_COMPRESSION_LIMIT_BYTES,
  MAX_FILE_SIZE_BYTES,
} from '@shrinkly/contract';
import { useCallback, useEffect, useState } from 'react';
import { failureMessage } from '../../transfer/transfer-errors';
import { useCurrentUser } from '../account/api';
import { requestPreview } from './api';
import { useCompressionOptions } from './compression-options';
import { compressionToasts } from './compression-toasts';
import { isLandingAcceptedFile } from './file-acceptance';
import { levelForSliderValue, sliderValueForLevel } from './level-slider';
import { localPreview } from './local-preview';
import type { PaymentDue } from './outcome';
import { clearPendingPayment, readPendingPayment } from './pending-payment';
import { inspectPendingPayment } from './pending-payment-check';
import { runChunked, runDirect, runPaidJob, UPLOAD_STATUS } from './run-compression';
import { IDLE, type RunState, useCompressionRun } from './use-compression-run';

/** The landing upload area's states (docs/product/SPEC.md §4 "Public upload flow"). */
export type UploadFlowState =
  | RunState
  /** The server preview is being computed. */
  | { step: 'analyzing'; fileName: string }
  | { step: 'preview'; file: File; preview: CompressionPreview };

/** Every state and action of the landing upload area; one attempt at a time, each with its own AbortController. */
export function useCompressionFlow() {
  const [state, setState] = useState<UploadFlowState>(IDLE);
  const [sliderValue, setSliderValue] = useState(() => sliderValueForLevel(DEFAULT_COMPRESSION_LEVEL));
  const [paymentDialog, setPaymentDialog] = useState<PaymentDue | null>(null);
  // A signed-in visitor's saved photo data choice is the preview's default.
  const options = useCompressionOptions(useCurrentUser().user?.photoData);
  const { choices } = options;
  /** The file being compressed, kept in the page for the before/after view of its result. */
  const [source, setSource] = useState<File | null>(null);
  const { begin, settle, abort, running, run } = useCompressionRun(setState, setPaymentDialog);
  const level = levelForSliderValue(sliderValue);

  const reset = useCallback(() => {
    abort();
    setSource(null);
    setPaymentDialog(null);
    setState(IDLE);
  }, [abort]);

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
        abort();
        setState({ step: 'preview', file, preview: localPreview(file) });
        return;
      }
      const controller = begin();
      setState({ step: 'analyzing', fileName: file.name });
      try {
        const preview = await requestPreview(file, controller.signal);
        if (controller.signal.aborted) return;
        settle(controller);
        setState({ step: 'preview', file, preview });
      } catch (error) {
        if (controller.signal.aborted) return;
        // docs/product/SPEC.md §4: a failed preview falls back, silently, to direct compression at the chosen level.
        // A refusal of the file itself (too large, wrong type) is shown as the compression would show it.
        if (error instanceof ApiError && (error.status === 413 || error.status === 415)) {
          compressionToasts.compressionFailed(failureMessage(error));
          setState(IDLE);
          return;
        }
        setSource(file);
        void run(file.name, (ctx) => runDirect(file, { level, ...choices }, ctx));
      }
    },
    [abort, begin, level, choices, run, settle],
  );

  /** The preview modal's Compress: chunked upload from the free limit up, one direct upload below it. */
  const compress = useCallback(() => {
    if (state.step !== 'preview') return;
    const { file } = state;
    const runner = file.size >= FREE_COMPRESSION_LIMIT_BYTES ? runChunked : runDirect;
    setSource(file);
    void run(file.name, (ctx) => runner(file, { level, ...choices }, ctx));
  }, [level, choices, run, state]);

  /** Cancel Upload: aborts the request in flight. */
  const cancel = useCallback(() => {
    if (!running()) return;
    reset();
    compressionToasts.uploadCancelled();
  }, [reset, running]);

  // Back from the checkout: pick up the stored pending payment once.
  useEffect(() => {
    const jobId = readPendingPayment();
    if (!jobId) return;
    const controller = begin();
    const done = () => settle(controller);
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
        // docs/product/SPEC.md §8: a failed check is silent.
        if (controller.signal.aborted) return;
        done();
        clearPendingPayment(jobId);
      },
    );
    return () => controller.abort();
  }, [begin, run, settle]);

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
    options,
    source,
    paymentDialog,
    closePaymentDialog: useCallback(() => setPaymentDialog(null), []),
    chooseFiles,
    compress,
    cancel,
    closePreview: reset,
    startOver,
  };
}
