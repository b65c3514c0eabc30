import { Anchor, Button, Card, Checkbox, Code, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  pages,
  planFromFlags,
  type User,
  WEBHOOK_EVENTS,
  type WebhookEndpoint,
  type WebhookEvent,
  WebhookMessages,
} from '@shrinkly/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryView } from '../../../components/query-view';
import { SettingsCard } from '../../../components/settings-card';
import { showErrorToast, showSuccessToast } from '../../../components/toasts';
import { EVENT_LABELS } from '../webhook-event-labels';
import { useCreateWebhook, useDeleteWebhook, useWebhooks, webhookErrorMessage } from '../webhooks-api';
import { DeliveryList } from './webhook-deliveries';

/** /settings: the account's webhook endpoints (add, secret, delete) and recent deliveries (status, re-send). */
export function WebhooksSection({ user }: { user: User }) {
  const allowed = planFromFlags(user) !== 'free';
  return (
    <SettingsCard id="webhooks" title="Webhooks" gap="md">
      {allowed ? (
        <WebhookSettings />
      ) : (
        <Text size="sm">
          {WebhookMessages.premiumOnly}{' '}
          <Anchor component={Link} to={pages.subscribeToUpgrade}>
            See plans
          </Anchor>
        </Text>
      )}
    </SettingsCard>
  );
}

function WebhookSettings() {
  const webhooks = useWebhooks(true);
  return (
    <>
      <Text size="sm">
        Shrinkly posts signed JSON to your endpoints when your files are done. Each request carries a Shrinkly-Signature header
        (HMAC-SHA256 of the timestamp and body, with the endpoint's secret): check it and refuse requests older than five minutes.
      </Text>
      <AddEndpointForm />
      <QueryView
        query={webhooks}
        loader={<Loader size="sm" aria-label="Loading your webhook endpoints" />}
        failedTitle="Your webhook endpoints could not be loaded"
        detailOf={webhookErrorMessage}
      >
        {({ endpoints, callbackSecret }) => <EndpointList endpoints={endpoints} callbackSecret={callbackSecret} />}
      </QueryView>
      <DeliveryList />
    </>
  );
}

function AddEndpointForm() {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['file.ready']);
  const create = useCreateWebhook();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), events: events as WebhookEvent[] },
      {
        onSuccess: () => {
          setUrl('');
          showSuccessToast('Endpoint Added', 'Its signing secret is shown in the list below.');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Add a webhook endpoint">
      <Stack gap="sm" maw={560}>
        <TextInput
          label="Endpoint URL"
          placeholder="https://example.com/hooks/shrinkly"
          type="url"
          required
          value={url}
          disabled={create.isPending}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={create.isError ? webhookErrorMessage(create.error) : undefined}
        />
        <Checkbox.Group label="Events" value={events} onChange={setEvents} required>
          <Stack gap={6} mt={6}>
            {WEBHOOK_EVENTS.map((name) => (
              <Checkbox key={name} value={name} label={EVENT_LABELS[name]} disabled={create.isPending} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Button
          type="submit"
          loading={create.isPending}
          disabled={url.trim() === '' || events.length === 0}
          style={{ alignSelf: 'flex-start' }}
        >
          Add Endpoint
        </Button>
      </Stack>
    </form>
  );
}

function EndpointList({ endpoints, callbackSecret }: { endpoints: WebhookEndpoint[]; callbackSecret: string }) {
  const remove = useDeleteWebhook();
  const onDelete = (endpoint: WebhookEndpoint) =>
    remove.mutate(endpoint.id, {
      onSuccess: () => showSuccessToast('Endpoint Deleted', `Nothing more is sent to ${endpoint.url}.`),
      onError: (error) => showErrorToast(webhookErrorMessage(error), 'Endpoint Not Deleted'),
    });
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Endpoints
      </Title>
      {endpoints.length === 0 ? (
        <Text size="sm" c="dimmed">
          No endpoints yet.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Webhook endpoints">
          {endpoints.map((endpoint) => (
            <Card key={endpoint.id} withBorder padding="sm" component="li">
              <Stack gap={4}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600} size="sm" style={{ wordBreak: 'break-all' }}>
                    {endpoint.url}
                  </Text>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    aria-label={`Delete endpoint ${endpoint.url}`}
                    loading={remove.isPending && remove.variables === endpoint.id}
                    onClick={() => onDelete(endpoint)}
                  >
                    Delete
                  </Button>
                </Group>
                <Text size="sm">{endpoint.events.map((name) => EVENT_LABELS[name]).join(', ')}</Text>
                <Text size="sm">
                  Signing secret:{' '}
                  <Code data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
                    {endpoint.secret}
                  </Code>
                </Text>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      <Text size="sm">
        A request's one-off <Code>callbackUrl</Code> is signed with your callback secret:{' '}
        <Code data-testid="callback-secret" style={{ wordBreak: 'break-all' }}>
          {callbackSecret}
        </Code>
      </Text>
    </Stack>
  );
}
