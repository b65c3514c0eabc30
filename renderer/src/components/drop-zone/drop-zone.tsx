import { Stack, Text, ThemeIcon } from '@mantine/core';
import { type ChangeEvent, type DragEvent, type ReactNode, useState } from 'react';
import { OutlineIcon } from '../icons/outline-icon';
import type { AcceptedTypes } from './accepted-types';
import classes from './drop-zone.module.css';

const UPLOAD_ARROW = 'M12 16V4m0 0l-5 5m5-5l5 5M5 20h14';

interface DropZoneProps {
  /** The input's id; each page or dialog has its own. */
  inputId: string;
  /** The input's accessible name. */
  label: string;
  /** The line people read first, e.g. "Drag and drop files here, or click to browse". */
  title: string;
  types: AcceptedTypes;
  /** What else to say before the accepted types (size limits, how many files). */
  hint: ReactNode;
  multiple?: boolean;
  disabled?: boolean;
  /** The landing page's large version. */
  large?: boolean;
  testId?: string;
  onFiles: (files: File[]) => void;
}

/** Drag and drop or click: a real, labelled file input under a drop target. */
export function DropZone({
  inputId,
  label,
  title,
  types,
  hint,
  multiple = false,
  disabled = false,
  large = false,
  testId,
  onFiles,
}: DropZoneProps) {
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
      data-testid={testId}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <input
        id={inputId}
        className={classes.input}
        type="file"
        multiple={multiple}
        disabled={disabled}
        accept={types.attribute}
        aria-label={label}
        aria-describedby={`${inputId}-hint`}
        onChange={onChange}
      />
      <Stack align="center" gap={large ? 'xs' : 6}>
        <ThemeIcon size={large ? 56 : 44} radius="xl" variant="light" aria-hidden="true">
          <OutlineIcon size={large ? 28 : 22} d={UPLOAD_ARROW} />
        </ThemeIcon>
        <Text fw={700} fz={large ? 'lg' : undefined} c="dark.8">
          {title}
        </Text>
        <Text id={`${inputId}-hint`} size={large ? 'sm' : 'xs'} c="dark.5" maw={large ? 560 : undefined}>
          {hint} Accepted: {types.list}.
        </Text>
      </Stack>
    </label>
  );
}
