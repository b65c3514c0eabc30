import { Stack, Text, ThemeIcon } from '@mantine/core';
import { FREE_COMPRESSION_LIMIT_BYTES, MAX_FILE_SIZE_BYTES } from '@shrinkly/contract';
import { type ChangeEvent, type DragEvent, useState } from 'react';
import { formatBytes } from '../../../format/format-bytes';
import { LANDING_ACCEPT_ATTRIBUTE, LANDING_ACCEPTED_LIST } from '../file-acceptance';
import classes from './file-drop-zone.module.css';

const INPUT_ID = 'landing-file-input';

interface FileDropZoneProps {
  onFiles: (files: File[]) => void;
}

/** Drag and drop or click: a real, labelled file input under a drop target (SPEC section 5 "Landing drop"). */
export function FileDropZone({ onFiles }: FileDropZoneProps) {
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    onFiles(Array.from(event.dataTransfer.files));
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    // Cleared, so choosing the same file again is a new choice.
    event.currentTarget.value = '';
    onFiles(files);
  };

  return (
    <label
      htmlFor={INPUT_ID}
      className={classes.zone}
      data-dragging={dragging || undefined}
      data-testid="upload-drop-zone"
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <input
        id={INPUT_ID}
        className={classes.input}
        type="file"
        accept={LANDING_ACCEPT_ATTRIBUTE}
        aria-label="Choose a file to compress"
        aria-describedby={`${INPUT_ID}-hint`}
        onChange={onChange}
      />
      <Stack align="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <svg width={28} height={28} viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
            <path
              d="M12 16V4m0 0l-5 5m5-5l5 5M5 20h14"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </ThemeIcon>
        <Text fw={700} fz="lg" c="dark.8">
          Drag and drop your file here, or click to browse
        </Text>
        <Text id={`${INPUT_ID}-hint`} size="sm" c="dark.5" maw={560}>
          One file at a time, up to {formatBytes(MAX_FILE_SIZE_BYTES)}. Free under {formatBytes(FREE_COMPRESSION_LIMIT_BYTES)}.
          Accepted: {LANDING_ACCEPTED_LIST}.
        </Text>
      </Stack>
    </label>
  );
}
