import { Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../../app/use-page-title';
import { showErrorToast, showSuccessToast } from '../../../components/toasts';
import { serverMessageOf, useAdminRequestReset } from '../api';

/** The address the server gives the first administrator when none is configured. */
const DEFAULT_ADMIN_EMAIL = 'admin@shrinkly.local';

/** `/admin-reset-password`: an administrator asks for a reset link by email. */
export function AdminResetPasswordPage() {
  usePageTitle('Admin Password Reset');
  const navigate = useNavigate();
  const requestReset = useAdminRequestReset();
  const [email, setEmail] = useState(DEFAULT_ADMIN_EMAIL);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    requestReset.mutate(email.trim(), {
      onSuccess: () => showSuccessToast('Reset email sent', 'Check your email for password reset instructions.'),
      onError: (error) => showErrorToast(serverMessageOf(error) ?? 'Failed to send reset email'),
    });
  };

  return (
    <Container size={420} py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        {requestReset.isSuccess ? (
          <Stack gap="md" ta="center" role="status">
            <Title order={1} fz={26}>
              Email Sent
            </Title>
            <Text c="dark.5">If {email.trim()} is an administrator, a password reset link is on its way.</Text>
            <Button onClick={() => void navigate('/adminadmin')}>Back to Login</Button>
          </Stack>
        ) : (
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1} fz={26}>
                Reset Admin Password
              </Title>
              <Text c="dark.5" size="sm">
                We will email a link to choose a new password.
              </Text>
            </Stack>
            <form onSubmit={submit} aria-label="Admin password reset">
              <Stack gap="md">
                <TextInput
                  label="Admin Email"
                  type="email"
                  autoComplete="username"
                  required
                  value={email}
                  onChange={(event) => setEmail(event.currentTarget.value)}
                />
                <Button type="submit" fullWidth disabled={requestReset.isPending}>
                  {requestReset.isPending ? 'Sending...' : 'Send Reset Email'}
                </Button>
              </Stack>
            </form>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
