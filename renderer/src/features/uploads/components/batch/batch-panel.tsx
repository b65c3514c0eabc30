import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { BATCH_MAX_FILES, COMPRESSION_LEVELS, type CompressionLevel, type Folder, MAX_FILE_SIZE_BYTES } from '@shrinkly/contract';
import { DropZone } from '../../../../components/drop-zone/drop-zone';
import { formatBytes } from '../../../../format/format-bytes';
import { LEVEL_LABELS } from '../../../compression/level-labels';
import { batchTotals } from '../../batch-queue';
import { BATCH_UPLOAD_TYPES } from '../../file-acceptance';
import type { BatchCompression } from '../../use-batch-compression';
import { CompressionOptionsFields } from '../compression-options-fields';
import { BatchItemRow } from './batch-item-row';
import { BatchStats, CompressionSummary } from './batch-stats';

const maxSize = formatBytes(MAX_FILE_SIZE_BYTES);
const LEVEL_DATA = COMPRESSION_LEVELS.map((level) => ({ value: level, label: LEVEL_LABELS[level].label }));

interface BatchPanelProps {
  batch: BatchCompression;
  /** The folder open in My Files: the batch's files go there (null: the root). */
  folder: Folder | null;
}

/** Trial and Premium: level, drop zone, summary, the files, Start Batch Compression and Pause/Resume. */
export function BatchPanel({ batch, folder }: BatchPanelProps) {
  const totals = batchTotals(batch.items);
  const folderId = folder?.id ?? null;
  const full = batch.items.length >= BATCH_MAX_FILES;
  const finished = !batch.running && !batch.hasPending && totals.completed > 0;
  const canPause = batch.running || (batch.paused && batch.hasPending);

  return (
    <Stack gap="md">
      <Text size="sm" c="dark.5">
        Compress up to {BATCH_MAX_FILES} files at once; they are saved to {folder ? <strong>{folder.name}</strong> : 'My Files'}.
      </Text>
      <NativeSelect
        label="Compression level"
        data={LEVEL_DATA}
        value={batch.level}
        disabled={batch.running}
        onChange={(event) => batch.setLevel(event.currentTarget.value as CompressionLevel)}
        description={LEVEL_LABELS[batch.level].description}
      />
      <CompressionOptionsFields options={batch.options} />
      <DropZone
        inputId="dashboard-batch-input"
        label="Choose files for batch compression"
        title="Drag and drop files here, or click to browse"
        multiple
        types={BATCH_UPLOAD_TYPES}
        hint={full ? `The batch is full (${BATCH_MAX_FILES} files).` : `Up to ${BATCH_MAX_FILES} files, ${maxSize} each.`}
        disabled={full}
        onFiles={batch.addFiles}
      />
      {batch.items.length > 0 && (
        <>
          <BatchStats totals={totals} />
          <Stack component="ul" gap="xs" aria-label="Files in this batch" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {batch.items.map((item) => (
              <BatchItemRow key={item.id} item={item} onRetry={batch.retry} onRemove={batch.remove} />
            ))}
          </Stack>
        </>
      )}
      {finished && <CompressionSummary totals={totals} />}
      <Group justify="flex-end" gap="sm">
        {canPause && (
          <Button variant="default" onClick={() => batch.togglePause(folderId)}>
            {batch.paused ? 'Resume' : 'Pause'}
          </Button>
        )}
        <Button onClick={() => void batch.start(folderId)} disabled={!batch.hasPending || batch.running} loading={batch.running}>
          Start Batch Compression
        </Button>
      </Group>
    </Stack>
  );
}
