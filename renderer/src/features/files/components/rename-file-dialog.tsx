import { FILE_NAME_MAX_LENGTH, type FileRecord } from '@shrinkly/contract';
import { useState } from 'react';
import { AppDialog } from '../../../components/app-dialog';
import { useLastDefined } from '../../../components/use-last-defined';
import { useRenameFile } from '../api';
import { filesToasts } from '../files-toasts';
import { NameForm } from './dialog-parts';

interface RenameFileDialogProps {
  /** The file being renamed; null closes the dialog. */
  file: FileRecord | null;
  onClose: () => void;
}

/** Rename: prefilled with the current name; the new one must be non-blank after trimming. */
export function RenameFileDialog({ file, onClose }: RenameFileDialogProps) {
  const shown = useLastDefined(file);
  return (
    <AppDialog opened={file !== null} onClose={onClose} title="Rename File">
      {/* Keyed by file, so the field starts from each file's own name. */}
      {shown && <RenameForm key={shown.id} file={shown} onDone={onClose} />}
    </AppDialog>
  );
}

function RenameForm({ file, onDone }: { file: FileRecord; onDone: () => void }) {
  const [name, setName] = useState(file.name);
  const renameFile = useRenameFile();
  const trimmed = name.trim();

  const submit = () => {
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
    <NameForm
      formLabel="Rename file"
      fieldLabel="File name"
      maxLength={FILE_NAME_MAX_LENGTH}
      value={name}
      onChange={setName}
      error={trimmed ? undefined : 'Please enter a name'}
      confirmLabel="Save"
      busy={renameFile.isPending}
      onSubmit={submit}
      onCancel={onDone}
    />
  );
}
