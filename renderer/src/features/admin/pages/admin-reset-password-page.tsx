import { Button, Stack, Text, Title } from '@mantine/core';
import { pages } from '@shrinkly/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../../app/use-page-title';
import { AuthCard, AuthHeading } from '../../../components/auth-form/auth-card';
import { EmailField } from '../../../components/auth-form/auth-field';
import { AuthForm, SubmitButton } from '../../../components/auth-form/auth-form';
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

  const submit = () => {
    requestReset.mutate(email.trim(), {
      onSuccess: () => showSuccessToast('Reset email sent', 'Check your email for password reset instructions.'),
      onError: (error) => showErrorToast(serverMessageOf(error) ?? 'Failed to send reset email'),
    });
  };

  return (
    <AuthCard width={420}>
      {requestReset.isSuccess ? (
        <Stack gap="md" ta="center" role="status">
          <Title order={1} fz={26}>
            Email Sent
          </Title>
          <Text c="dark.5">If {email.trim()} is an administrator, a password reset link is on its way.</Text>
          <Button onClick={() => void navigate(pages.adminLogin)}>Back to Login</Button>
        </Stack>
      ) : (
        <Stack gap="lg">
          <AuthHeading title="Reset Admin Password" subtitle="We will email a link to choose a new password." />
          <AuthForm label="Admin password reset" onSubmit={submit} noValidate={false}>
            <EmailField label="Admin Email" autoComplete="username" value={email} onChange={setEmail} />
            <SubmitButton busy={requestReset.isPending} busyLabel="Sending...">
              Send Reset Email
            </SubmitButton>
          </AuthForm>
        </Stack>
      )}
    </AuthCard>
  );
}
