import { Button, Card, Group, Progress, SimpleGrid, Text } from '@mantine/core';
import { MB, TEMPORARY_FILE_TTL_MS } from '@shrinkly/contract';
import { formatBytes } from '../../../format/format-bytes';
import { formatHours } from '../../../format/format-duration';
import { formatPercent } from '../../../format/format-percent';
import { useStats } from '../../files/api';
import { storageBarColor, storageRatio } from '../storage-meter';
import { StatCard } from './stat-card';

/** Storage Usage, Files Compressed and Space Saved, from GET /api/stats. */
export function StatCards() {
  const stats = useStats();
  const loading = stats.isPending;

  if (stats.isError) {
    return (
      <Card withBorder radius="lg" padding="md">
        <Group justify="space-between">
          <Text size="sm" c="dark.5">
            Your statistics could not be loaded.
          </Text>
          <Button variant="light" size="xs" onClick={() => void stats.refetch()}>
            Try again
          </Button>
        </Group>
      </Card>
    );
  }

  const data = stats.data;
  const ratio = data ? storageRatio(data.storageUsed, data.storageLimit) : 0;
  const freePlanNote = `Free plan: files are kept for ${formatHours(TEMPORARY_FILE_TTL_MS)}`;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <StatCard title="Storage Usage" loading={loading}>
        {data && (
          <>
            <Text fz={22} fw={800} data-testid="storage-usage">
              {data.storageLimit > 0
                ? `${formatBytes(data.storageUsed)} of ${formatBytes(data.storageLimit)}`
                : `${formatBytes(data.storageUsed)} used`}
            </Text>
            <Progress
              value={Math.round(ratio * 100)}
              color={storageBarColor(ratio)}
              size="md"
              radius="xl"
              aria-label="Storage used"
              data-color={storageBarColor(ratio)}
            />
            <Text size="xs" c="dark.5">
              {data.storageLimit > 0 ? `${formatPercent(ratio * 100)} used` : freePlanNote}
            </Text>
          </>
        )}
      </StatCard>
      <StatCard title="Files Compressed" loading={loading}>
        {data && (
          <Text fz={22} fw={800} data-testid="files-compressed">
            {data.compressedFiles} of {data.totalFiles} files
          </Text>
        )}
      </StatCard>
      <StatCard title="Space Saved" loading={loading}>
        {data && (
          <>
            <Text fz={22} fw={800} data-testid="space-saved">
              {formatPercent(data.spaceSavedPercent)}
            </Text>
            <Text size="sm" c="dark.5">
              {Number((data.spaceSavedBytes / MB).toFixed(2))}MB saved
            </Text>
          </>
        )}
      </StatCard>
    </SimpleGrid>
  );
}
