import { ActionIcon, Button, Card, Group, Loader, Pagination, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type AdminUser, MB } from '@shrinkly/contract';
import { useState } from 'react';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { showErrorToast, showSuccessToast } from '../../../components/toasts';
import { formatShortDate } from '../../../format/format-date';
import { fetchAllAdminUsers, serverMessageOf, useAdminUsers, useResetUserPassword, useTerminateUser } from '../api';
import { usersCsv } from '../csv';
import { saveCsv } from '../export-csv';
import { adminPlanOf, userResetFailureMessage } from '../plan';
import { PlanBadge } from './plan-badge';
import { TerminateDialog, UserDetailsDialog } from './user-dialogs';

const SEARCH_DEBOUNCE_MS = 300;

/** The Client Accounts tab: search, counters, the list with its actions, paging and the users CSV. */
export function ClientAccountsTab() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [pageState, setPageState] = useState({ q: '', page: 1 });
  // A new search starts again on its first page.
  const page = pageState.q === q ? pageState.page : 1;
  const users = useAdminUsers(q, page);
  const resetPassword = useResetUserPassword();
  const terminate = useTerminateUser();
  const [resetting, setResetting] = useState<ReadonlySet<string>>(new Set());
  const [details, setDetails] = useState<AdminUser | null>(null);
  const [toTerminate, setToTerminate] = useState<AdminUser | null>(null);
  const [exporting, setExporting] = useState(false);

  const sendReset = (user: AdminUser) => {
    setResetting((ids) => new Set(ids).add(user.id));
    resetPassword.mutate(user.id, {
      onSuccess: () => showSuccessToast('Password Reset', 'Password reset email sent successfully'),
      onError: (error) => showErrorToast(userResetFailureMessage(error), 'Password Reset Failed'),
      onSettled: () =>
        setResetting((ids) => {
          const next = new Set(ids);
          next.delete(user.id);
          return next;
        }),
    });
  };

  const confirmTerminate = (user: AdminUser) => {
    terminate.mutate(user.id, {
      onSuccess: () => {
        setToTerminate(null);
        showSuccessToast('Account Terminated', 'User account has been terminated successfully');
      },
      onError: (error) => showErrorToast(serverMessageOf(error) ?? 'Failed to terminate account'),
    });
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      saveCsv('users', usersCsv(await fetchAllAdminUsers(q), adminPlanOf));
    } catch {
      showErrorToast('Failed to fetch users');
    } finally {
      setExporting(false);
    }
  };

  const data = users.data;
  const pages = data ? Math.ceil(data.total / data.pageSize) : 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label="Search users"
          placeholder="Search by name or email"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Button variant="default" onClick={() => void exportCsv()} disabled={exporting || !data}>
          Export CSV
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Counter label="Total Users" value={data?.allUsers} />
        <Counter label="Premium Users" value={data?.premiumUsers} />
      </SimpleGrid>
      {users.isError && !data ? (
        <LoadFailedAlert title="Failed to fetch users" onRetry={() => void users.refetch()} />
      ) : !data ? (
        <Loader role="status" aria-label="Loading users" mx="auto" />
      ) : data.users.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          No users found
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Users">
          {data.users.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              resetting={resetting.has(user.id)}
              onDetails={() => setDetails(user)}
              onReset={() => sendReset(user)}
              onTerminate={() => setToTerminate(user)}
            />
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={(next) => setPageState({ q, page: next })}
          mx="auto"
          aria-label="Users pages"
        />
      )}
      <UserDetailsDialog user={details} onClose={() => setDetails(null)} />
      <TerminateDialog
        user={toTerminate}
        busy={terminate.isPending}
        onCancel={() => setToTerminate(null)}
        onConfirm={confirmTerminate}
      />
    </Stack>
  );
}

function Counter({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card withBorder radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value ?? '–'}
      </Text>
    </Card>
  );
}

interface UserRowProps {
  user: AdminUser;
  resetting: boolean;
  onDetails: () => void;
  onReset: () => void;
  onTerminate: () => void;
}

function UserRow({ user, resetting, onDetails, onReset, onTerminate }: UserRowProps) {
  const plan = adminPlanOf(user);
  return (
    <Card withBorder radius="md" padding="sm" component="li" aria-label={user.name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text fw={600}>{user.name}</Text>
            <PlanBadge plan={plan} />
          </Group>
          <Text size="sm" c="dimmed" truncate>
            {user.email}
          </Text>
          <Group gap="md">
            <Text size="xs" c="dimmed">
              Joined {formatShortDate(new Date(user.createdAt))}
            </Text>
            <Text size="xs" c="dimmed">
              {(user.storageUsed / MB).toFixed(1)} MB
            </Text>
            {user.isTrialActive && user.trialEndDate && (
              <Text size="xs" c="dimmed">
                Trial ends {formatShortDate(new Date(user.trialEndDate))}
              </Text>
            )}
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="subtle" onClick={onDetails} aria-label={`View details of ${user.name}`}>
            Details
          </Button>
          <Tooltip label="Send password reset">
            <ActionIcon
              variant="subtle"
              size="lg"
              loading={resetting}
              disabled={resetting}
              onClick={onReset}
              aria-label={`Send password reset to ${user.name}`}
            >
              <span aria-hidden>✉</span>
            </ActionIcon>
          </Tooltip>
          <Button size="compact-sm" variant="subtle" color="red" onClick={onTerminate} aria-label={`Terminate ${user.name}`}>
            Terminate
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
