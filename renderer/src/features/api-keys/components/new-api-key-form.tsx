import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKeyScope, type CreatedApiKey } from '@shrinkly/contract';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../account/auth-errors';
import { useCreateApiKey } from '../api';

/** Name and scopes of a new key; hands the made key (with its secret) to `onCreated`. */
export function NewApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['compress']);
  const [problem, setProblem] = useState<string | null>(null);
  const [nameMissing, setNameMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNameMissing(!name.trim());
    if (!name.trim()) return setProblem('Name the key, e.g. "build server".');
    if (scopes.length === 0) return setProblem('Choose at least one thing the key may do.');
    setProblem(null);
    create.mutate(
      { name: name.trim(), scopes },
      {
        onSuccess: (created) => {
          setName('');
          onCreated(created);
        },
        onError: (error) => setProblem(messageOf(error) ?? 'The key could not be made. Try again.'),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="new-api-key-title">
      <Stack gap="sm">
        <Text id="new-api-key-title" fw={600} size="sm">
          New key
        </Text>
        <TextInput
          label="Key name"
          placeholder="build server"
          maxLength={60}
          value={name}
          error={nameMissing}
          aria-describedby={problem ? 'new-api-key-problem' : undefined}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Checkbox.Group label="The key may" value={scopes} onChange={(v) => setScopes(v as ApiKeyScope[])}>
          <Stack gap={6} mt={6}>
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={API_KEY_SCOPE_LABELS[scope]} />
            ))}
          </Stack>
        </Checkbox.Group>
        {problem && (
          <Text id="new-api-key-problem" size="sm" c="red.8" role="alert">
            {problem}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
