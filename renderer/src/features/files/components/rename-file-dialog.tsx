import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { FILE_NAME_MAX_LENGTH, type FileRecord } from '@shrinkly/contract';
import { type FormEvent, useState } from 'react';
import { DIALOG_CLOSE_BUTTON_PROPS } from '../../../components/dialog-close-button';
import { useLastDefined } from '../../../components/use-last-defined';
import { useRenameFile } from '../api';
import { filesToasts } from '../files-toasts';

interface RenameFileDialogProps {
  /** The file being renamed; null closes the dialog. */
  file: FileRecord | null;
  onClose: () => void;
}

/** Rename: prefilled with the current name; the new one must be non-blank after trimming. */
export function RenameFileDialog({ file, onClose }: RenameFileDialogProps) {
  const shown = useLastDefined(file);
  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title="Rename File"
      centered
      radius="md"
      closeButtonProps={DIALOG_CLOSE_BUTTON_PROPS}
    >
      {/* Keyed by file, so the field starts from each file's own name. */}
      {shown && <RenameForm key={shown.id} file={shown} onDone={onClose} />}
    </Modal>
  );
}

function RenameForm({ file, onDone }: { file: FileRecord; onDone: () => void }) {
  const [name, setName] = useState(file.name);
  const renameFile = useRenameFile();
  const trimmed = name.trim();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trimmed || renameFile.isPending) return;
    if (trimmed === file.name) return onDone();
    renameFile.mutate(
      { file, name: trimmed },
      {
        onSuccess: (renamed) => {
          filesToasts.fileRenamed(renamed.name);
          onDone();
        },
        onError: () => filesToasts.renameFailed(),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Rename file">
      <Stack gap="md">
        <TextInput
          label="File name"
          required
          data-autofocus
          maxLength={FILE_NAME_MAX_LENGTH}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={trimmed ? undefined : 'Please enter a name'}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={renameFile.isPending} disabled={!trimmed}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
