import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppDialog } from '../../../components/app-dialog';
import { type RunCompletion, useCompletionNotice } from '../use-completion-notice';
import { CompletionDialog } from './completion-dialog';

/** The two queues' dialogs: each one's title, and the title of the notice its runs end with. */
const QUEUE_DIALOGS = {
  upload: { title: 'Single File Upload', completionTitle: 'Upload Complete' },
  batch: { title: 'Batch Compression', completionTitle: 'Batch Complete' },
} as const;

interface QueueDialogProps {
  /** Which queue; also this dialog's id in its Modal.Stack, and `{kind}-complete` its completion notice's. */
  kind: keyof typeof QUEUE_DIALOGS;
  opened: boolean;
  onClose: () => void;
  /** The end of the queue's run: its notice over the dialog, or a toast while the dialog is closed. */
  completion: RunCompletion;
  /** Other dialogs that open over this one (the pay-per-file offer). */
  overlays?: ReactNode;
  children: ReactNode;
}

/** The dialog of an upload queue (single files, or a batch) and the notice it ends with, stacked. */
export function QueueDialog({ kind, opened, onClose, completion, overlays, children }: QueueDialogProps) {
  const { title, completionTitle } = QUEUE_DIALOGS[kind];
  const { message, close, done } = useCompletionNotice({ opened, title: completionTitle, onClose, ...completion });
  return (
    <Modal.Stack>
      <AppDialog stackId={kind} opened={opened} onClose={close} title={title} size="lg">
        {children}
      </AppDialog>
      {overlays}
      <CompletionDialog
        stackId={`${kind}-complete`}
        opened={opened && completion.count !== null}
        title={completionTitle}
        message={message}
        onDone={done}
      />
    </Modal.Stack>
  );
}
