import { Card, Loader, Stack, Table, Title } from '@mantine/core';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { useSubscriptionDetails } from '../../subscription/api';
import { subscriptionSummary } from '../subscription-summary';
import { SubscriptionActions } from './subscription-actions';

/** The plan, its status, dates and card on file, and what can be done with it. */
export function SubscriptionManagement() {
  const details = useSubscriptionDetails();

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="subscription-title">
      <Title id="subscription-title" order={2} fz="lg" mb="md">
        Subscription Management
      </Title>
      {details.isPending && <Loader size="sm" aria-label="Loading your subscription" />}
      {details.isError && (
        <LoadFailedAlert title="Your subscription could not be loaded" onRetry={() => void details.refetch()} />
      )}
      {details.data && (
        <Stack gap="md">
          <Table variant="vertical" withTableBorder layout="fixed" maw={560} data-testid="subscription-summary">
            <Table.Tbody>
              {subscriptionSummary(details.data).map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Th w={180}>{row.label}</Table.Th>
                  <Table.Td>{row.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <SubscriptionActions details={details.data} />
        </Stack>
      )}
    </Card>
  );
}
