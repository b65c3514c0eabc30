import { Button, Card, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { showErrorToast, showSuccessToast } from '../../../components/toasts';
import { useDeleteAccount } from '../../account/api';
import { messageOf } from '../../account/auth-errors';
import { TypedConfirmationDialog } from './typed-confirmation-dialog';

/** Delete the account, after typing DELETE; the user is then signed out and sent home. */
export function DangerZone() {
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount(() => {
    showSuccessToast('Account Deleted', 'Your account and all its files have been deleted.');
    void navigate('/', { replace: true });
  });

  const confirmDelete = () =>
    deleteAccount.mutate(undefined, {
      onError: (error) => showErrorToast(messageOf(error) ?? 'Failed to delete account', 'Account Deletion Failed'),
    });

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="danger-zone-title"
      style={{ borderColor: 'var(--mantine-color-red-4)' }}
    >
      <Title id="danger-zone-title" order={2} fz="lg" c="red.8" mb="xs">
        Danger Zone
      </Title>
      <Text size="sm" c="dark.6" mb="md">
        Deleting your account removes your files, folders and subscription for good. Any subscription is cancelled and never
        charged again.
      </Text>
      <Button color="red" onClick={() => setConfirming(true)}>
        Delete Account
      </Button>
      <TypedConfirmationDialog
        opened={confirming}
        title="Delete Account"
        word="DELETE"
        confirmLabel="Delete Account"
        dismissLabel="Cancel"
        busy={deleteAccount.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      >
        <Text size="sm">This permanently deletes your account and all associated data. It cannot be undone.</Text>
      </TypedConfirmationDialog>
    </Card>
  );
}
