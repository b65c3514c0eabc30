import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { ApiKey } from '@shrinkly/contract';
import { ActionsTable } from '../../../components/actions-table';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime, formatShortDate } from '../../../format/format-date';
import { formatFileSize } from '../../../format/format-file-size';
import { messageOf } from '../../account/auth-errors';
import { useRevokeApiKey } from '../api';
import { useRevokeConfirmation } from '../use-revoke-confirmation';

/** The account's keys: what tells them apart, what they may do, when they were used, this month's use; Revoke. */
export function ApiKeyList({ keys }: { keys: ApiKey[] }) {
  const revoking = useRevokeConfirmation(useRevokeApiKey(), {
    revokedMessage: (key) => `"${key.name}" no longer works.`,
    messageOf,
  });

  if (keys.length === 0) return <Text size="sm">No API keys yet. Make one below to call the API from your own code.</Text>;
  return (
    <>
      <ActionsTable
        verticalSpacing="xs"
        aria-label="API keys"
        headings={['Name', 'Key', 'May', 'Created', 'Last used', 'This month']}
        rows={keys}
        rowKey={(key) => key.id}
        cells={(key) => (
          <>
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
                onClick={() => revoking.ask(key)}
                aria-label={`Revoke ${key.name}`}
              >
                Revoke
              </Button>
            </Table.Td>
          </>
        )}
      />
      <ConfirmDialog {...revoking.dialog}>
        "{revoking.key?.name}" ({revoking.key?.prefix}…) stops working at once. Anything that uses it will get 401 until it is
        given another key.
      </ConfirmDialog>
    </>
  );
}
