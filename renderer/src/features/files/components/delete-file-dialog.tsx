import { Stack, Text } from '@mantine/core';
import type { FileRecord } from '@shrinkly/contract';
import { AppDialog } from '../../../components/app-dialog';
import { useLastDefined } from '../../../components/use-last-defined';
import { useDeleteFile } from '../api';
import { filesToasts } from '../files-toasts';
import { DialogActions } from './dialog-parts';

interface DeleteFileDialogProps {
  /** The file to delete; null closes the dialog. */
  file: FileRecord | null;
  onClose: () => void;
}

/** "Delete file?": names the file; Cancel or Delete. */
export function DeleteFileDialog({ file, onClose }: DeleteFileDialogProps) {
  const deleteFile = useDeleteFile();
  const shown = useLastDefined(file);

  const confirm = () => {
    if (!file || deleteFile.isPending) return;
    deleteFile.mutate(file, {
      onSuccess: () => {
        filesToasts.fileDeleted(file.name);
        onClose();
      },
      onError: () => filesToasts.deleteFailed(),
    });
  };

  return (
    <AppDialog opened={file !== null} onClose={onClose} title="Delete file?">
      <Stack gap="md">
        <Text>
          <strong style={{ overflowWrap: 'anywhere' }}>{shown?.name}</strong> will be deleted from My Files
          {shown?.status === 'processing' ? ' before its compression finishes' : ''}. This cannot be undone.
        </Text>
        <DialogActions onCancel={onClose} confirmLabel="Delete" busy={deleteFile.isPending} onConfirm={confirm} danger />
      </Stack>
    </AppDialog>
  );
}
