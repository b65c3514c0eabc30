import { Button, Card, Group, Loader, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { REVENUE_PERIODS, type RevenueRow, revenuePeriodOf } from '@shrinkly/contract';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { formatMoney } from '../../../format/format-money';
import { useAdminRevenue } from '../api';
import { revenueCsv } from '../csv';
import { saveCsv } from '../export-csv';
import { periodLabel } from '../plan';

/** The Revenue tab: this period's totals, every period by granularity (Monthly first), and the revenue CSV. */
export function RevenueTab() {
  const revenue = useAdminRevenue();
  const data = revenue.data;

  if (revenue.isError) return <LoadFailedAlert title="Failed to fetch revenue" onRetry={() => void revenue.refetch()} />;
  if (!data) return <Loader role="status" aria-label="Loading revenue" mx="auto" />;

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button variant="default" onClick={() => saveCsv('revenue', revenueCsv(data))}>
          Export CSV
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {REVENUE_PERIODS.map((period) => (
          <Card key={period} withBorder radius="md" aria-label={`${periodLabel(period)} revenue`}>
            <Text size="sm" c="dimmed">
              {periodLabel(period)}
            </Text>
            <Text fz={24} fw={700}>
              {formatMoney(data.totals[period])}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Tabs defaultValue="monthly" variant="pills">
        <Tabs.List>
          {REVENUE_PERIODS.map((period) => (
            <Tabs.Tab key={period} value={period}>
              {periodLabel(period)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {REVENUE_PERIODS.map((period) => (
          <Tabs.Panel key={period} value={period} pt="md">
            <RevenueRows period={period} rows={data[period]} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function RevenueRows({ period, rows }: { period: string; rows: readonly RevenueRow[] }) {
  if (rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        No {period} revenue data available
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {rows.map((row) => (
        <Card key={revenuePeriodOf(row)} withBorder radius="md" padding="sm">
          <Group justify="space-between">
            <Stack gap={0}>
              <Text fw={600}>{revenuePeriodOf(row)}</Text>
              <Text size="xs" c="dimmed">
                {row.transactions} {row.transactions === 1 ? 'transaction' : 'transactions'}
              </Text>
            </Stack>
            <Text fw={600}>{formatMoney(row.amount)}</Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
