import { Anchor, Button, Container, Modal, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { ApiError } from '@shrinkly/contract';
import { type FormEvent, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { usePageTitle } from '../../../app/use-page-title';
import { useAdminLogin, useAdminToken } from '../api';

const REJECTED = 'Invalid username or password. Please check your credentials and try again.';
const CONNECTION_ERROR = 'Connection error. Please check your internet connection and try again.';

/** SPEC section 8 "Admin": the server refused the sign-in, or it could not be reached. */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return CONNECTION_ERROR;
  return error.status === 429 ? error.serverMessage : REJECTED;
}

/** `/adminadmin`: the administrators' sign-in. */
export function AdminLoginPage() {
  usePageTitle('Admin Login');
  const [token] = useAdminToken();
  const login = useAdminLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  // A stored token (an earlier sign-in, or this one succeeding) leads to the dashboard.
  if (token) return <Navigate to="/admin" replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate(
      { email: email.trim(), password },
      {
        onError: (error) => setFailure(failureMessage(error)),
      },
    );
  };

  return (
    <Container size={420} py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={26}>
              Admin Login
            </Title>
            <Text c="dark.5" size="sm">
              Sign in to manage users and view revenue.
            </Text>
          </Stack>
          <form onSubmit={submit} aria-label="Admin sign in">
            <Stack gap="md">
              <TextInput
                label="Admin Email"
                type="email"
                autoComplete="username"
                required
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
              />
              <Button type="submit" fullWidth disabled={login.isPending}>
                {login.isPending ? 'Authenticating...' : 'Access Admin Panel'}
              </Button>
              <Anchor component={Link} to="/admin-reset-password" size="sm" ta="center">
                Forgot your password?
              </Anchor>
            </Stack>
          </form>
        </Stack>
      </Paper>
      <Modal opened={failure !== null} onClose={() => setFailure(null)} title="Authentication Failed" centered radius="md">
        <Stack gap="md">
          <Text>{failure}</Text>
          <Button onClick={() => setFailure(null)} fullWidth color="red" data-autofocus>
            Try Again
          </Button>
        </Stack>
      </Modal>
    </Container>
  );
}
