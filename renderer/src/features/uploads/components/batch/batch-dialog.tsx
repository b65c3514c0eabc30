import { Modal } from '@mantine/core';
import { type Folder, planOf, type User } from '@shrinkly/contract';
import { useEffect } from 'react';
import { showSuccessToast } from '../../../../components/toasts';
import { useBatchCompression } from '../../use-batch-compression';
import { CompletionDialog } from '../completion-dialog';
import { DIALOG_CLOSE_BUTTON_PROPS } from '../../../../components/dialog-close-button';
import { BatchLockedView } from './batch-locked-view';
import { BatchPanel } from './batch-panel';

interface BatchDialogProps {
  opened: boolean;
  onClose: () => void;
  user: User;
  folder: Folder | null;
}

function completedMessage(count: number): string {
  return `${count} ${count === 1 ? 'file' : 'files'} compressed and saved to My Files.`;
}

/**
 * Batch Compression: the locked Premium Feature view for free accounts, else the batch itself, then Batch Complete.
 * The batch lives outside the modal, so it carries on while the dialog is closed.
 */
export function BatchDialog({ opened, onClose, user, folder }: BatchDialogProps) {
  const batch = useBatchCompression();
  const { completedCount, acknowledgeCompleted, clearCompleted } = batch;
  const locked = planOf(user) === 'free';

  // A batch that completes while the dialog is closed is announced by a toast.
  useEffect(() => {
    if (opened || completedCount === null) return;
    showSuccessToast('Batch Complete', completedMessage(completedCount));
    acknowledgeCompleted();
    clearCompleted();
  }, [acknowledgeCompleted, clearCompleted, completedCount, opened]);

  const close = () => {
    clearCompleted();
    onClose();
  };
  /** "Got it!" closes both dialogs. */
  const done = () => {
    acknowledgeCompleted();
    close();
  };

  return (
    <Modal.Stack>
      <Modal
        stackId="batch"
        opened={opened}
        onClose={close}
        title="Batch Compression"
        size="lg"
        centered
        radius="md"
        closeButtonProps={DIALOG_CLOSE_BUTTON_PROPS}
      >
        {locked ? <BatchLockedView user={user} onLeave={onClose} /> : <BatchPanel batch={batch} folder={folder} />}
      </Modal>
      <CompletionDialog
        opened={opened && completedCount !== null}
        stackId="batch-complete"
        title="Batch Complete"
        message={completedMessage(completedCount ?? 0)}
        onDone={done}
      />
    </Modal.Stack>
  );
}
