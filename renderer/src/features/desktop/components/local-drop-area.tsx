import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { type DragEvent, useState } from 'react';
import classes from '../../../components/drop-zone/drop-zone.module.css';
import { UploadIcon } from '../../../components/icons/control-icons';

interface LocalDropAreaProps {
  /** Files dropped on the area (their paths are looked up by the caller). */
  onDropFiles: (files: File[]) => void;
  /** Opens the system's file dialog. */
  onChoose: () => void;
  choosing: boolean;
}

/**
 * The desktop drop target: files dragged from the computer, or "Choose files" for the system's own dialog (no web
 * file input: the app compresses files where they are, so it needs their paths, not their bytes).
 */
export function LocalDropArea({ onDropFiles, onChoose, choosing }: LocalDropAreaProps) {
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    // The window's own drop handler would queue the same files a second time.
    event.stopPropagation();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onDropFiles(files);
  };

  return (
    <section
      aria-label="Drop files to compress"
      aria-describedby="local-drop-hint"
      className={classes.zone}
      style={{ cursor: 'default' }}
      data-dragging={dragging || undefined}
      data-testid="local-drop-area"
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <Stack align="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <UploadIcon size={28} />
        </ThemeIcon>
        <Text fw={700} fz="lg" c="dark.8">
          Drag files here to compress them on this computer
        </Text>
        <Text id="local-drop-hint" size="sm" c="dark.5" maw={560}>
          Nothing is uploaded: files are compressed here, and each result is saved where your settings say. Images, PDF, Office
          documents, video, audio and archives.
        </Text>
        <Button onClick={onChoose} loading={choosing} disabled={choosing} mt="xs">
          Choose files
        </Button>
      </Stack>
    </section>
  );
}
