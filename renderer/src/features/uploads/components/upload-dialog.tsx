import { Button, Group, Stack, Text } from '@mantine/core';
import { type Folder, FREE_COMPRESSION_LIMIT_BYTES, MAX_FILE_SIZE_BYTES, planFromFlags, type User } from '@shrinkly/contract';
import { useCallback, useState } from 'react';
import { DropZone } from '../../../components/drop-zone/drop-zone';
import { formatBytes } from '../../../format/format-bytes';
import { SINGLE_UPLOAD_TYPES } from '../file-acceptance';
import type { LargeFileOffer } from '../use-pay-per-file';
import { useUploadQueue } from '../use-upload-queue';
import { CompressionOptionsFields } from './compression-options-fields';
import { LevelPicker } from './level-picker';
import { PayPerFileDialog } from './pay-per-file-dialog';
import { QueueDialog } from './queue-dialog';
import { UploadQueueList } from './upload-queue-list';

interface UploadDialogProps {
  opened: boolean;
  onClose: () => void;
  user: User;
  /** The folder open in My Files: uploads go there (null: the root). */
  folder: Folder | null;
}

/**
 * Single File Upload: level, drop zone, queue and Start Compressing, then Upload Complete. The queue lives outside
 * the modal, so uploads carry on while the dialog is closed.
 */
export function UploadDialog({ opened, onClose, user, folder }: UploadDialogProps) {
  // Each offer gets a fresh pay-per-file dialog (its own upload and result).
  const [payPerFile, setPayPerFile] = useState<{ offer: LargeFileOffer | null; key: number }>({ offer: null, key: 0 });
  const offerPayPerFile = useCallback((offer: LargeFileOffer) => setPayPerFile(({ key }) => ({ offer, key: key + 1 })), []);
  const queue = useUploadQueue(user, offerPayPerFile);
  const free = planFromFlags(user) === 'free';

  const maxSize = `Up to ${formatBytes(MAX_FILE_SIZE_BYTES)} per file`;
  const freeLimit = formatBytes(FREE_COMPRESSION_LIMIT_BYTES);
  const limits = free
    ? `${maxSize}; free accounts compress files under ${freeLimit}, and pay per file above that.`
    : `${maxSize}.`;

  return (
    <QueueDialog
      kind="upload"
      opened={opened}
      onClose={onClose}
      completion={queue.completion}
      overlays={
        <PayPerFileDialog
          key={payPerFile.key}
          offer={opened ? payPerFile.offer : null}
          level={queue.level}
          choices={queue.options.choices}
          stackId="pay-per-file"
          onClose={() => setPayPerFile(({ key }) => ({ offer: null, key }))}
        />
      }
    >
      <Stack gap="md">
        <Text size="sm" c="dark.5">
          Files are compressed one after another and saved to {folder ? <strong>{folder.name}</strong> : 'My Files'}.
        </Text>
        <LevelPicker value={queue.level} onChange={queue.setLevel} disabled={queue.running} />
        <CompressionOptionsFields options={queue.options} />
        <DropZone
          inputId="dashboard-upload-input"
          label="Choose files to upload"
          title="Drag and drop files here, or click to browse"
          multiple
          types={SINGLE_UPLOAD_TYPES}
          hint={limits}
          onFiles={queue.addFiles}
        />
        <UploadQueueList items={queue.items} onRemove={queue.remove} />
        <Group justify="flex-end" gap="sm">
          <Button
            onClick={() => void queue.start(folder?.id ?? null)}
            disabled={!queue.hasPending || queue.running}
            loading={queue.running}
          >
            Start Compressing
          </Button>
        </Group>
      </Stack>
    </QueueDialog>
  );
}
