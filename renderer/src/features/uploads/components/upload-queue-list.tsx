import { ActionIcon, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { CloseIcon } from '../../../components/icons/control-icons';
import { formatFileSize } from '../../../format/format-file-size';
import { formatPercent } from '../../../format/format-percent';
import { isInFlight } from '../../../transfer/use-transfer-queue';
import type { UploadItem } from '../upload-item';

interface UploadQueueListProps {
  items: readonly UploadItem[];
  onRemove: (id: string) => void;
}

/** The status line under a queued file's name (docs/product/SPEC.md §4 "Dashboard upload queue"). */
function statusText(item: UploadItem): string {
  switch (item.status) {
    case 'pending':
      return 'Ready to compress';
    case 'uploading':
      return 'Uploading...';
    case 'compressing':
      return 'Compressing...';
    case 'completed':
      return `Saved ${formatPercent(item.result?.spaceSaved ?? 0)}`;
    case 'error':
      return item.error ?? 'Upload failed';
  }
}

function QueueRow({ item, onRemove }: { item: UploadItem; onRemove: (id: string) => void }) {
  const busy = isInFlight(item);
  // Compressing without a job to follow: no real measure, so the bar moves without claiming a number.
  const indeterminate = item.status === 'compressing' && item.jobProgress === undefined;
  const color = item.status === 'error' ? 'red' : item.status === 'completed' ? 'green' : 'blue';
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="upload-queue-item" data-status={item.status}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate="end" title={item.file.name}>
              {item.file.name}
            </Text>
            <Text size="xs" c="dark.5">
              {formatFileSize(item.file.size)}
            </Text>
          </Stack>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Remove ${item.file.name}`}
            disabled={busy}
            onClick={() => onRemove(item.id)}
          >
            <CloseIcon size={16} />
          </ActionIcon>
        </Group>
        {item.status !== 'pending' && (
          <Progress
            value={item.progress}
            color={color}
            size="sm"
            radius="xl"
            animated={indeterminate}
            striped={item.status === 'compressing'}
            aria-label={`Progress for ${item.file.name}`}
          />
        )}
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text
            size="xs"
            c={item.status === 'error' ? 'red.8' : 'dark.5'}
            fw={item.status === 'error' ? 600 : undefined}
            role={item.status === 'error' ? 'alert' : undefined}
            aria-live={item.status === 'error' ? undefined : 'polite'}
          >
            {statusText(item)}
          </Text>
          {busy && (
            <Text size="xs" c="dark.5">
              {item.jobProgress !== undefined ? `${item.jobProgress}%` : `${item.progress}%`}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The chosen files, in upload order. */
export function UploadQueueList({ items, onRemove }: UploadQueueListProps) {
  if (items.length === 0) return null;
  return (
    <Stack component="ul" gap="xs" aria-label="Files to upload" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <QueueRow key={item.id} item={item} onRemove={onRemove} />
      ))}
    </Stack>
  );
}
