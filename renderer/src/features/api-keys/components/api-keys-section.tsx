import { Anchor, Card, Code, Divider, Loader, Stack, Text, Title } from '@mantine/core';
import { type CreatedApiKey, pages, planFromFlags, type User } from '@shrinkly/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { useApiKeys } from '../api';
import { ApiKeyList } from './api-key-list';
import { CreatedApiKeyNotice } from './created-api-key';
import { NewApiKeyForm } from './new-api-key-form';

/** Account Settings → API keys: the account's keys for scripts and servers (trial and premium). */
export function ApiKeysSection({ user }: { user: User }) {
  const mayCreate = planFromFlags(user) !== 'free';
  const keys = useApiKeys(true);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="api-keys-title">
      <Stack gap="sm">
        <Title id="api-keys-title" order={2} fz="lg">
          API keys
        </Title>
        <Text size="sm" c="dark.6">
          Call the API from your own scripts with a key instead of your password, for example{' '}
          <Code>curl -u api:KEY -F file=@photo.jpg {window.location.origin}/api/compress</Code>. Each key does only what you
          allow, and you can revoke it at any time. The <Anchor href="/api/docs">API reference</Anchor> lists every route.
        </Text>
        {keys.isPending && <Loader size="sm" aria-label="Loading API keys" />}
        {keys.isError && <LoadFailedAlert title="Your API keys could not be loaded" onRetry={() => void keys.refetch()} />}
        {keys.data && <ApiKeyList keys={keys.data} />}
        {created && <CreatedApiKeyNotice created={created} onDone={() => setCreated(null)} />}
        <Divider />
        {mayCreate ? (
          <NewApiKeyForm onCreated={setCreated} />
        ) : (
          <Text size="sm">
            API keys are a Premium feature.{' '}
            <Anchor component={Link} to={pages.subscribe}>
              Start a free trial or subscribe
            </Anchor>{' '}
            to create one.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
