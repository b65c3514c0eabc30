import { useEffect } from 'react';
import { showSuccessToast } from '../../components/toasts';

/** The end of a queue's run, as the queue tells it. */
export interface RunCompletion {
  /** Files stored by the run that ended; null when there is nothing to announce. */
  count: number | null;
  acknowledge: () => void;
  /** Drops the items that need no more attention. */
  clearFinished: () => void;
}

interface CompletionNoticeOptions extends RunCompletion {
  /** Whether the upload dialog is open. */
  opened: boolean;
  /** "Upload Complete", "Batch Complete". */
  title: string;
  onClose: () => void;
}

/**
 * The end of an upload run, for a dialog whose queue outlives it: closing it drops the finished items, "Got it!"
 * closes the completion dialog and this one, and a run that ends while the dialog is closed is announced by a toast
 * instead of a dialog nobody is looking at.
 */
export function useCompletionNotice({ opened, title, count, acknowledge, clearFinished, onClose }: CompletionNoticeOptions) {
  const message = `${count ?? 0} ${count === 1 ? 'file' : 'files'} compressed and saved to My Files.`;

  useEffect(() => {
    if (opened || count === null) return;
    showSuccessToast(title, message);
    acknowledge();
    clearFinished();
  }, [acknowledge, clearFinished, count, message, opened, title]);

  const close = () => {
    clearFinished();
    onClose();
  };
  const done = () => {
    acknowledge();
    close();
  };
  return { message, close, done };
}
