import { Anchor, Code, Divider, Loader, Text } from '@mantine/core';
import { type CreatedApiKey, pages, planFromFlags, type User } from '@shrinkly/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryView } from '../../../components/query-view';
import { SettingsCard } from '../../../components/settings-card';
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
    <SettingsCard id="api-keys" title="API keys">
      <Text size="sm" c="dark.6">
        Call the API from your own scripts with a key instead of your password, for example{' '}
        <Code>curl -u api:KEY -F file=@photo.jpg {window.location.origin}/api/compress</Code>. Each key does only what you allow,
        and you can revoke it at any time. The <Anchor href="/api/docs">API reference</Anchor> lists every route.
      </Text>
      <QueryView
        query={keys}
        loader={<Loader size="sm" aria-label="Loading API keys" />}
        failedTitle="Your API keys could not be loaded"
      >
        {(list) => <ApiKeyList keys={list} />}
      </QueryView>
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
    </SettingsCard>
  );
}
