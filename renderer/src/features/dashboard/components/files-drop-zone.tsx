import { Stack, Text, ThemeIcon } from '@mantine/core';
import { type ChangeEvent, type DragEvent, useState } from 'react';
import type { AcceptedTypes } from '../file-acceptance';
import { UploadIcon } from './dashboard-icons';
import classes from './files-drop-zone.module.css';

interface FilesDropZoneProps {
  /** The input's id; each dialog has its own. */
  inputId: string;
  /** The input's accessible name. */
  label: string;
  types: AcceptedTypes;
  /** What else to say under the accepted types (size limits, how many files). */
  hint: string;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}

/** Drag and drop or click, several files at once: a real, labelled file input under a drop target. */
export function FilesDropZone({ inputId, label, types, hint, disabled = false, onFiles }: FilesDropZoneProps) {
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onFiles(Array.from(event.dataTransfer.files));
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    // Cleared, so choosing the same file again is a new choice.
    event.currentTarget.value = '';
    onFiles(files);
  };

  return (
    <label
      htmlFor={inputId}
      className={classes.zone}
      data-dragging={dragging || undefined}
      data-disabled={disabled || undefined}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <input
        id={inputId}
        className={classes.input}
        type="file"
        multiple
        disabled={disabled}
        accept={types.attribute}
        aria-label={label}
        aria-describedby={`${inputId}-hint`}
        onChange={onChange}
      />
      <Stack align="center" gap={6}>
        <ThemeIcon size={44} radius="xl" variant="light" aria-hidden="true">
          <UploadIcon size={22} />
        </ThemeIcon>
        <Text fw={700} c="dark.8">
          Drag and drop files here, or click to browse
        </Text>
        <Text id={`${inputId}-hint`} size="xs" c="dark.5">
          {hint} Accepted: {types.list}.
        </Text>
      </Stack>
    </label>
  );
}
