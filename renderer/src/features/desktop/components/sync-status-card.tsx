import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SyncStatus } from '@shrinkly/contract';
import { formatDateTime } from '../../../format/format-date';

interface SyncStatusCardProps {
  status: SyncStatus;
  onRetry: () => void;
  retrying: boolean;
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} role="group" aria-label={label}>
      <Text size="xs" c="dark.5">
        {label}
      </Text>
      <Text fw={800} fz="xl" data-testid={`sync-count-${label.toLowerCase()}`}>
        {value}
      </Text>
    </Stack>
  );
}

/** Where the results sent to My Files stand: waiting, failed, synced; the next retry and the last problem. */
export function SyncStatusCard({ status, onRetry, retrying }: SyncStatusCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="sync-status-title">
      <Group justify="space-between" mb="md">
        <Title id="sync-status-title" order={2} fz="lg">
          Sync status
        </Title>
        <Text size="sm" c={status.online ? 'green.9' : 'dark.5'}>
          {!status.enabled ? 'Sync is off' : status.online ? 'Online' : 'Offline: results wait until the server answers'}
        </Text>
      </Group>
      <SimpleGrid cols={3} mb="md">
        <Count label="Pending" value={status.pending} />
        <Count label="Failed" value={status.failed} />
        <Count label="Synced" value={status.synced} />
      </SimpleGrid>
      {status.problem && (
        <Text size="sm" c="red.8" fw={600} role="alert" mb="xs">
          {status.problem}
        </Text>
      )}
      {status.nextRetryAt && (
        <Text size="sm" c="dark.5" mb="xs">
          Next retry: {formatDateTime(new Date(status.nextRetryAt))}
        </Text>
      )}
      <Button
        variant="light"
        style={{ alignSelf: 'flex-start' }}
        onClick={onRetry}
        loading={retrying}
        disabled={retrying || (status.failed === 0 && status.pending === 0)}
      >
        Retry now
      </Button>
    </Card>
  );
}
