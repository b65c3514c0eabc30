import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type AdminUser, MB } from '@shrinkly/contract';
import type { ReactNode } from 'react';
import { formatLongDate } from '../../../format/format-date';
import { adminPlanOf } from '../plan';
import { PlanBadge } from './plan-badge';
import { UserApiKeys } from './user-api-keys';

interface UserDetailsDialogProps {
  user: AdminUser | null;
  onClose: () => void;
}

/** A client account's details: name, email, current plan, storage in MB with 2 decimals, joined, API keys. */
export function UserDetailsDialog({ user, onClose }: UserDetailsDialogProps) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="User Details" centered radius="md">
      {user && (
        <Stack gap="xs">
          <Detail label="Name">{user.name}</Detail>
          <Detail label="Email">{user.email}</Detail>
          <Detail label="Current Plan">
            <PlanBadge plan={adminPlanOf(user)} />
          </Detail>
          <Detail label="Storage Used">{(user.storageUsed / MB).toFixed(2)} MB</Detail>
          <Detail label="Joined">{formatLongDate(new Date(user.createdAt))}</Detail>
          <UserApiKeys userId={user.id} />
        </Stack>
      )}
    </Modal>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </Group>
  );
}

interface TerminateDialogProps {
  user: AdminUser | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (user: AdminUser) => void;
}

/** docs/product/SPEC.md §2: the confirmation before an account and all its data are deleted. */
export function TerminateDialog({ user, busy, onCancel, onConfirm }: TerminateDialogProps) {
  return (
    <Modal opened={user !== null} onClose={onCancel} title="Terminate Account" centered radius="md" closeOnClickOutside={!busy}>
      {user && (
        <Stack gap="md">
          <Text>
            Are you sure? The account and all associated data of <strong>{user.name}</strong> will be permanently deleted and
            cannot be recovered.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button color="red" onClick={() => onConfirm(user)} disabled={busy}>
              {busy ? 'Terminating...' : 'Terminate Account'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
