import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ApiKey } from '@shrinkly/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { showErrorToast, showSuccessToast } from '../../../components/toasts';
import { formatDateTime } from '../../../format/format-date';
import { serverMessageOf, useAdminRevokeApiKey, useAdminUserApiKeys } from '../api';

/** A user's API keys for staff: prefix, name, last use, and Revoke (recorded in the audit trail). */
export function UserApiKeys({ userId }: { userId: string }) {
  const keys = useAdminUserApiKeys(userId);
  const revoke = useAdminRevokeApiKey(userId);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const confirm = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => showSuccessToast('API key revoked', `${revoking.prefix}… no longer works.`),
      onError: (error) => showErrorToast(serverMessageOf(error) ?? 'Failed to revoke the key', 'Not revoked'),
      onSettled: () => setRevoking(null),
    });
  };

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
              onClick={() => setRevoking(key)}
              aria-label={`Revoke key ${key.prefix}`}
            >
              Revoke
            </Button>
          )}
        </Group>
      ))}
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke API key"
        confirmLabel="Revoke key"
        busy={revoke.isPending}
        onConfirm={confirm}
        onClose={() => setRevoking(null)}
      >
        {revoking?.prefix}… ("{revoking?.name}") stops working at once, for everything that uses it. This is recorded in the audit
        trail and cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
