import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { DIALOG_CLOSE_BUTTON_PROPS } from '../../../components/dialog-close-button';
import { CompletionDialog } from './completion-dialog';

interface QueueDialogProps {
  /** This dialog's id in its Modal.Stack; its completion notice is `{stackId}-complete`. */
  stackId: string;
  title: string;
  opened: boolean;
  onClose: () => void;
  /** The Upload Complete / Batch Complete notice, shown over the dialog. */
  completion: { opened: boolean; title: string; message: string; onDone: () => void };
  /** Other dialogs that open over this one (the pay-per-file offer). */
  overlays?: ReactNode;
  children: ReactNode;
}

/** The dialog of an upload queue (single files, or a batch) and the notice it ends with, stacked. */
export function QueueDialog({ stackId, title, opened, onClose, completion, overlays, children }: QueueDialogProps) {
  return (
    <Modal.Stack>
      <Modal
        stackId={stackId}
        opened={opened}
        onClose={onClose}
        title={title}
        size="lg"
        centered
        radius="md"
        closeButtonProps={DIALOG_CLOSE_BUTTON_PROPS}
      >
        {children}
      </Modal>
      {overlays}
      <CompletionDialog stackId={`${stackId}-complete`} {...completion} />
    </Modal.Stack>
  );
}
