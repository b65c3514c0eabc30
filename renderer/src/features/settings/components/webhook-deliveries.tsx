import { Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { WebhookDelivery } from '@shrinkly/contract';
import { ActionsTable } from '../../../components/actions-table';
import { QueryView } from '../../../components/query-view';
import { showErrorToast, showSuccessToast } from '../../../components/toasts';
import { formatDateTime } from '../../../format/format-date';
import { EVENT_LABELS } from '../webhook-event-labels';
import { useResendDelivery, useWebhookDeliveries, webhookErrorMessage } from '../webhooks-api';

/** Each status in words and colour (text, not a badge: a narrow column must not cut it short). */
const STATUS_LOOK: Record<WebhookDelivery['status'], { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow.9' },
  delivered: { label: 'Delivered', color: 'green.9' },
  failed: { label: 'Failed', color: 'red.8' },
};

/** The account's latest deliveries: event, receiver, status, last response code, tries, and Re-send. */
export function DeliveryList() {
  const deliveries = useWebhookDeliveries(true);
  const resend = useResendDelivery();
  const onResend = (delivery: WebhookDelivery) =>
    resend.mutate(delivery.id, {
      onSuccess: () => {
        showSuccessToast('Sending Again', `${EVENT_LABELS[delivery.event]} goes to ${delivery.url} again.`);
        void deliveries.refetch();
      },
      onError: (error) => showErrorToast(webhookErrorMessage(error), 'Not Sent Again'),
    });
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} fz="md">
          Recent Deliveries
        </Title>
        <Button size="compact-sm" variant="subtle" onClick={() => void deliveries.refetch()} loading={deliveries.isFetching}>
          Refresh
        </Button>
      </Group>
      <QueryView
        query={deliveries}
        loader={<Loader size="sm" aria-label="Loading your webhook deliveries" />}
        failedTitle="Your webhook deliveries could not be loaded"
        detailOf={webhookErrorMessage}
      >
        {(data) =>
          data.deliveries.length === 0 ? (
            <Text size="sm" c="dimmed">
              No deliveries yet: they appear here when your files are done.
            </Text>
          ) : (
            <ActionsTable
              data-testid="webhook-deliveries"
              caption="Your latest webhook deliveries, newest first"
              headings={['Event', 'Sent to', 'Status', 'Response', 'Tries', 'Created']}
              rows={data.deliveries}
              rowKey={(delivery) => delivery.id}
              cells={(delivery) => (
                <>
                  <Table.Td>{EVENT_LABELS[delivery.event]}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{delivery.url}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} c={STATUS_LOOK[delivery.status].color}>
                      {STATUS_LOOK[delivery.status].label}
                    </Text>
                    {delivery.nextAttemptAt && (
                      <Text size="xs" c="dimmed">
                        Next try {formatDateTime(new Date(delivery.nextAttemptAt))}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {delivery.lastStatusCode ?? (delivery.lastError ? 'No answer' : '—')}
                    {delivery.lastError && delivery.status !== 'delivered' && (
                      <Text size="xs" c="dimmed">
                        {delivery.lastError}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{delivery.attempts}</Table.Td>
                  <Table.Td>{formatDateTime(new Date(delivery.createdAt))}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      aria-label={`Re-send ${EVENT_LABELS[delivery.event]} to ${delivery.url}`}
                      loading={resend.isPending && resend.variables === delivery.id}
                      onClick={() => onResend(delivery)}
                    >
                      Re-send
                    </Button>
                  </Table.Td>
                </>
              )}
            />
          )
        }
      </QueryView>
    </Stack>
  );
}
