import { type Folder, planFromFlags, type User } from '@shrinkly/contract';
import { useBatchCompression } from '../../use-batch-compression';
import { useCompletionNotice } from '../../use-completion-notice';
import { QueueDialog } from '../queue-dialog';
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
    <QueueDialog
      stackId="batch"
      title="Batch Compression"
      opened={opened}
      onClose={close}
      completion={{ opened: opened && completedCount !== null, title: 'Batch Complete', message, onDone: done }}
    >
      {locked ? <BatchLockedView user={user} onLeave={onClose} /> : <BatchPanel batch={batch} folder={folder} />}
    </QueueDialog>
  );
}
