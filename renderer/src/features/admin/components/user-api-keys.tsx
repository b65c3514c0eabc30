import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../format/format-date';
import { useRevokeConfirmation } from '../../api-keys/use-revoke-confirmation';
import { serverMessageOf, useAdminRevokeApiKey, useAdminUserApiKeys } from '../api';

/** A user's API keys for staff: prefix, name, last use, and Revoke (recorded in the audit trail). */
export function UserApiKeys({ userId }: { userId: string }) {
  const keys = useAdminUserApiKeys(userId);
  const revoking = useRevokeConfirmation(useAdminRevokeApiKey(userId), {
    revokedMessage: (key) => `${key.prefix}… no longer works.`,
    messageOf: serverMessageOf,
  });

  return (
    <Stack gap={6} mt="sm" component="section" aria-labelledby="user-api-keys-title">
      <Title id="user-api-keys-title" order={3} fz="sm">
        API keys
      </Title>
      {keys.isPending && <Loader size="xs" aria-label="Loading API keys" />}
      {keys.isError && (
        <Text size="sm" c="red.8">
          The keys could not be loaded.
        </Text>
      )}
      {keys.data?.length === 0 && <Text size="sm">No API keys.</Text>}
      {keys.data?.map((key) => (
        <Group key={key.id} justify="space-between" gap="xs" wrap="nowrap">
          <div>
            <Text size="sm" ff="monospace">
              {key.prefix}…{' '}
              <Text span size="sm" ff="body">
                {key.name}
              </Text>
            </Text>
            <Text size="xs" c="dimmed">
              {key.lastUsedAt ? `Last used ${formatDateTime(new Date(key.lastUsedAt))}` : 'Never used'}
              {key.revokedAt && ` · revoked ${formatDateTime(new Date(key.revokedAt))}`}
            </Text>
          </div>
          {!key.revokedAt && (
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              onClick={() => revoking.ask(key)}
              aria-label={`Revoke key ${key.prefix}`}
            >
              Revoke
            </Button>
          )}
        </Group>
      ))}
      <ConfirmDialog {...revoking.dialog}>
        {revoking.key?.prefix}… ("{revoking.key?.name}") stops working at once, for everything that uses it. This is recorded in
        the audit trail and cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
