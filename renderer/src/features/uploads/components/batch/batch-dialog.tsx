import { Modal } from '@mantine/core';
import { type Folder, planFromFlags, type User } from '@shrinkly/contract';
import { DIALOG_CLOSE_BUTTON_PROPS } from '../../../../components/dialog-close-button';
import { useBatchCompression } from '../../use-batch-compression';
import { useCompletionNotice } from '../../use-completion-notice';
import { CompletionDialog } from '../completion-dialog';
import { BatchLockedView } from './batch-locked-view';
import { BatchPanel } from './batch-panel';

interface BatchDialogProps {
  opened: boolean;
  onClose: () => void;
  user: User;
  folder: Folder | null;
}

/**
 * Batch Compression: the locked Premium Feature view for free accounts, else the batch itself, then Batch Complete.
 * The batch lives outside the modal, so it carries on while the dialog is closed.
 */
export function BatchDialog({ opened, onClose, user, folder }: BatchDialogProps) {
  const batch = useBatchCompression();
  const { completedCount } = batch;
  const locked = planFromFlags(user) === 'free';
  const { message, close, done } = useCompletionNotice({
    opened,
    title: 'Batch Complete',
    count: completedCount,
    acknowledge: batch.acknowledgeCompleted,
    clearFinished: batch.clearCompleted,
    onClose,
  });

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
        message={message}
        onDone={done}
      />
    </Modal.Stack>
  );
}
