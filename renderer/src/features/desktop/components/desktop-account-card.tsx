import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type DesktopAccount, pages, planFromFlags, STORAGE_LIMIT_BYTES, type User } from '@shrinkly/contract';
import { showErrorToast } from '../../../components/toasts';
import { formatBytes } from '../../../format/format-bytes';
import type { DesktopError } from '../../../platform/desktop';
import { useDesktopSignOut, useOpenServerPage } from '../api';

const PLAN_NAMES = { free: 'Free', trial: 'Trial', premium: 'Premium' } as const;

/** Who the app is signed in as, on which server; on a free plan, what sync needs and where to get it. */
export function DesktopAccountCard({ account, user }: { account: DesktopAccount; user: User }) {
  const signOut = useDesktopSignOut();
  const openPage = useOpenServerPage();
  const onError = (title: string) => (error: DesktopError) => showErrorToast(error.message, title);

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="desktop-account-title">
      <Title id="desktop-account-title" order={2} fz="lg" mb="xs">
        Account
      </Title>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text fw={600}>{user.email}</Text>
          <Text size="sm" c="dark.5">
            {PLAN_NAMES[planFromFlags(user)]} plan on {account.serverUrl}
          </Text>
          {!account.tokenPersisted && (
            <Text size="sm" c="dark.5">
              This computer offers no secure storage for the sign-in: you will sign in again after the app restarts.
            </Text>
          )}
        </Stack>
        <Button
          variant="default"
          loading={signOut.isPending}
          onClick={() => signOut.mutate(undefined, { onError: onError('Sign out failed') })}
        >
          Sign out
        </Button>
      </Group>
      {!account.maySync && (
        <Stack gap="xs" mt="md" data-testid="sync-needs-plan">
          <Text size="sm">
            Syncing keeps your results in My Files, with the {formatBytes(STORAGE_LIMIT_BYTES)} of storage of a trial or Premium
            plan. Your free plan has no storage: start a free trial or subscribe to sync.
          </Text>
          <Button
            style={{ alignSelf: 'flex-start' }}
            loading={openPage.isPending}
            onClick={() => openPage.mutate(pages.subscribe, { onError: onError('The page could not open') })}
          >
            See plans on the website
          </Button>
        </Stack>
      )}
    </Card>
  );
}
