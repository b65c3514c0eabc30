import { type Folder, planFromFlags, type User } from '@shrinkly/contract';
import { useBatchCompression } from '../../use-batch-compression';
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
  const locked = planFromFlags(user) === 'free';

  return (
    <QueueDialog kind="batch" opened={opened} onClose={onClose} completion={batch.completion}>
      {locked ? <BatchLockedView user={user} onLeave={onClose} /> : <BatchPanel batch={batch} folder={folder} />}
    </QueueDialog>
  );
}
