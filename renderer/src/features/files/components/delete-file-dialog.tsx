import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FileRecord } from '@shrinkly/contract';
import { DIALOG_CLOSE_BUTTON_PROPS } from '../../../components/dialog-close-button';
import { useLastDefined } from '../../../components/use-last-defined';
import { useDeleteFile } from '../api';
import { filesToasts } from '../files-toasts';

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
    <Modal
      opened={file !== null}
      onClose={onClose}
      title="Delete file?"
      centered
      radius="md"
      closeButtonProps={DIALOG_CLOSE_BUTTON_PROPS}
    >
      <Stack gap="md">
        <Text>
          <strong style={{ overflowWrap: 'anywhere' }}>{shown?.name}</strong> will be deleted from My Files
          {shown?.status === 'processing' ? ' before its compression finishes' : ''}. This cannot be undone.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={deleteFile.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
