import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatFileSize } from '../../../../format/format-file-size';
import { formatPercent } from '../../../../format/format-percent';
import type { BatchTotals } from '../../batch-queue';

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Paper withBorder radius="md" p="xs" ta="center">
      <Text size="xs" c="dark.5">
        {label}
      </Text>
      <Text fw={800}>{value}</Text>
      {detail && (
        <Text size="xs" c="green.9">
          {detail}
        </Text>
      )}
    </Paper>
  );
}

/** Total files, Completed, Failed, Total size (and, once files are done, what they saved). */
export function BatchStats({ totals }: { totals: BatchTotals }) {
  const saved = totals.originalTotal - totals.compressedTotal;
  return (
    <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" data-testid="batch-stats">
      <Stat label="Total files" value={String(totals.files)} />
      <Stat label="Completed" value={String(totals.completed)} />
      <Stat label="Failed" value={String(totals.failed)} />
      <Stat
        label="Total size"
        value={formatFileSize(totals.totalSize)}
        detail={totals.completed > 0 ? `Saved ${formatFileSize(Math.max(0, saved))}` : undefined}
      />
    </SimpleGrid>
  );
}

/** Compression Summary: shown when the batch has finished with at least one file stored. */
export function CompressionSummary({ totals }: { totals: BatchTotals }) {
  const rows: [string, string][] = [
    ['Files compressed', String(totals.completed)],
    ['Original total', formatFileSize(totals.originalTotal)],
    ['Compressed total', formatFileSize(totals.compressedTotal)],
    ['Space saved', formatPercent(totals.savedPercent)],
  ];
  return (
    <Paper component="section" withBorder radius="md" p="md" bg="green.0" aria-labelledby="batch-summary-title">
      <Stack gap="xs">
        <Title id="batch-summary-title" order={3} fz="md">
          Compression Summary
        </Title>
        <SimpleGrid component="dl" cols={{ base: 2, xs: 4 }} spacing="xs" m={0}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dark.5">
                {label}
              </Text>
              <Text component="dd" fw={700} m={0}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
