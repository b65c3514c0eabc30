import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ApiKey } from '@shrinkly/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { showErrorToast, showSuccessToast } from '../../../components/toasts';
import { formatDateTime, formatShortDate } from '../../../format/format-date';
import { formatFileSize } from '../../../format/format-file-size';
import { messageOf } from '../../account/auth-errors';
import { useRevokeApiKey } from '../api';

/** The account's keys: what tells them apart, what they may do, when they were used, this month's use; Revoke. */
export function ApiKeyList({ keys }: { keys: ApiKey[] }) {
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const confirm = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => showSuccessToast('API key revoked', `"${revoking.name}" no longer works.`),
      onError: (error) => showErrorToast(messageOf(error) ?? 'Failed to revoke the key', 'Not revoked'),
      onSettled: () => setRevoking(null),
    });
  };

  if (keys.length === 0) return <Text size="sm">No API keys yet. Make one below to call the API from your own code.</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="xs" aria-label="API keys">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Key</Table.Th>
              <Table.Th>May</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>This month</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((key) => (
              <Table.Tr key={key.id}>
                <Table.Td>{key.name}</Table.Td>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {key.prefix}…
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {key.scopes.map((scope) => (
                      <Badge key={scope} variant="light" size="sm">
                        {scope}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{formatShortDate(new Date(key.createdAt))}</Table.Td>
                <Table.Td>{key.lastUsedAt ? formatDateTime(new Date(key.lastUsedAt)) : 'Never'}</Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {key.usage.files} {key.usage.files === 1 ? 'file' : 'files'}
                  </Text>
                  <Text size="xs" c="dark.4">
                    {formatFileSize(key.usage.bytesIn)} in, {formatFileSize(key.usage.bytesOut)} out
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    onClick={() => setRevoking(key)}
                    aria-label={`Revoke ${key.name}`}
                  >
                    Revoke
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke API key"
        confirmLabel="Revoke key"
        busy={revoke.isPending}
        onConfirm={confirm}
        onClose={() => setRevoking(null)}
      >
        "{revoking?.name}" ({revoking?.prefix}…) stops working at once. Anything that uses it will get 401 until it is given
        another key.
      </ConfirmDialog>
    </>
  );
}
