import { ApiError, FOLDER_NAME_MAX_LENGTH } from '@shrinkly/contract';
import { useState } from 'react';
import { AppDialog } from '../../../components/app-dialog';
import { useCreateFolder } from '../api';
import { filesToasts } from '../files-toasts';
import { NameForm } from './dialog-parts';

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

  const submit = () => {
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
    <AppDialog opened={opened} onClose={close} title="New Folder">
      <NameForm
        formLabel="New folder"
        fieldLabel="Folder name"
        placeholder="e.g. Invoices"
        maxLength={FOLDER_NAME_MAX_LENGTH}
        value={name}
        onChange={setName}
        error={touched && !trimmed ? 'Please enter a folder name' : undefined}
        confirmLabel="Create"
        busy={createFolder.isPending}
        onSubmit={submit}
        onCancel={close}
      />
    </AppDialog>
  );
}
