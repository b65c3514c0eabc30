import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { ApiError, pages } from '@shrinkly/contract';
import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { usePageTitle } from '../../../app/use-page-title';
import { AuthCard, AuthHeading } from '../../../components/auth-form/auth-card';
import { EmailField, PasswordField } from '../../../components/auth-form/auth-field';
import { AuthForm, SubmitButton } from '../../../components/auth-form/auth-form';
import { useAdminLogin, useAdminToken } from '../api';

const REJECTED = 'Invalid username or password. Please check your credentials and try again.';
const CONNECTION_ERROR = 'Connection error. Please check your internet connection and try again.';

/** ERR-24: the server refused the sign-in, or it could not be reached. */
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
  if (token) return <Navigate to={pages.admin} replace />;

  const submit = () => {
    login.mutate(
      { email: email.trim(), password },
      {
        onError: (error) => setFailure(failureMessage(error)),
      },
    );
  };

  return (
    <AuthCard width={420}>
      <Stack gap="lg">
        <AuthHeading title="Admin Login" subtitle="Sign in to manage users and view revenue." />
        <AuthForm label="Admin sign in" onSubmit={submit} noValidate={false}>
          <EmailField label="Admin Email" autoComplete="username" value={email} onChange={setEmail} />
          <PasswordField value={password} onChange={setPassword} />
          <SubmitButton busy={login.isPending} busyLabel="Authenticating...">
            Access Admin Panel
          </SubmitButton>
          <Anchor component={Link} to={pages.adminResetPassword} size="sm" ta="center">
            Forgot your password?
          </Anchor>
        </AuthForm>
      </Stack>
      <Modal opened={failure !== null} onClose={() => setFailure(null)} title="Authentication Failed" centered radius="md">
        <Stack gap="md">
          <Text>{failure}</Text>
          <Button onClick={() => setFailure(null)} fullWidth color="red" data-autofocus>
            Try Again
          </Button>
        </Stack>
      </Modal>
    </AuthCard>
  );
}
