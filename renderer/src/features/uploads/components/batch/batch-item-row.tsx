import { ActionIcon, Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { CloseIcon } from '../../../../components/icons/control-icons';
import { RefreshIcon } from '../../../../components/icons/refresh-icon';
import { formatFileSize } from '../../../../format/format-file-size';
import { formatPercent } from '../../../../format/format-percent';
import { isInFlight } from '../../../../transfer/use-transfer-queue';
import type { BatchItem } from '../../batch-queue';

const STATUS: Record<BatchItem['status'], { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'gray' },
  uploading: { label: 'Uploading', color: 'blue' },
  compressing: { label: 'Compressing', color: 'indigo' },
  completed: { label: 'Completed', color: 'green' },
  error: { label: 'Failed', color: 'red' },
};

interface BatchItemRowProps {
  item: BatchItem;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
}

/** One file of the batch: name, size, state, progress; Retry when it failed, Remove unless it is in flight. */
export function BatchItemRow({ item, onRetry, onRemove }: BatchItemRowProps) {
  const status = STATUS[item.status];
  const name = item.file.name;
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="batch-item" data-status={item.status}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate="end" title={name}>
              {name}
            </Text>
            <Text size="xs" c="dark.5">
              {formatFileSize(item.file.size)}
              {item.result && ` → ${formatFileSize(item.result.compressedSize)} (saved ${formatPercent(item.result.spaceSaved)})`}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Badge color={status.color} variant="light" size="sm" aria-live="polite">
              {status.label}
            </Badge>
            {item.status === 'error' && (
              <ActionIcon variant="subtle" aria-label={`Retry ${name}`} onClick={() => onRetry(item.id)}>
                <RefreshIcon size={16} />
              </ActionIcon>
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Remove ${name}`}
              disabled={isInFlight(item)}
              onClick={() => onRemove(item.id)}
            >
              <CloseIcon size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <Progress
          value={item.progress}
          color={status.color}
          size="sm"
          radius="xl"
          animated={item.status === 'compressing'}
          aria-label={`Progress for ${name}`}
        />
        {item.error && (
          <Text size="xs" c="red.8" fw={600} role="alert">
            {item.error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
