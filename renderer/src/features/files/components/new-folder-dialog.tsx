import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { ApiError, FOLDER_NAME_MAX_LENGTH } from '@shrinkly/contract';
import { type FormEvent, useState } from 'react';
import { DIALOG_CLOSE_BUTTON_PROPS } from '../../../components/dialog-close-button';
import { useCreateFolder } from '../api';
import { filesToasts } from '../files-toasts';

interface NewFolderDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** New Folder: a non-blank name (after trimming), created at the root of My Files. */
export function NewFolderDialog({ opened, onClose }: NewFolderDialogProps) {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const createFolder = useCreateFolder();
  const trimmed = name.trim();

  const close = () => {
    setName('');
    setTouched(false);
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (!trimmed || createFolder.isPending) return;
    createFolder.mutate(trimmed, {
      onSuccess: (folder) => {
        filesToasts.folderCreated(folder.name);
        close();
      },
      // A duplicate name (409) is worth saying; other failures keep the generic words.
      onError: (error) =>
        filesToasts.createFolderFailed(error instanceof ApiError && error.status === 409 ? error.serverMessage : null),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="New Folder" centered radius="md" closeButtonProps={DIALOG_CLOSE_BUTTON_PROPS}>
      <form onSubmit={submit} noValidate aria-label="New folder">
        <Stack gap="md">
          <TextInput
            label="Folder name"
            placeholder="e.g. Invoices"
            required
            data-autofocus
            maxLength={FOLDER_NAME_MAX_LENGTH}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={touched && !trimmed ? 'Please enter a folder name' : undefined}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={createFolder.isPending} disabled={!trimmed}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
