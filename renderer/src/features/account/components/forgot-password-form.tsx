import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { EmailField } from '../../../components/auth-form/auth-field';
import { AuthForm, SubmitButton } from '../../../components/auth-form/auth-form';
import { showErrorToast, showSuccessToast } from '../../../components/toasts';
import { useForgotPassword } from '../api';
import { messageOf } from '../auth-errors';

interface ForgotPasswordFormProps {
  onBack: () => void;
}

export function ForgotPasswordForm({ onBack }: ForgotPasswordFormProps) {
  const [email, setEmail] = useState('');
  const forgotPassword = useForgotPassword();

  const submit = () => {
    if (!email.trim()) return showErrorToast('Please enter your email address');
    forgotPassword.mutate(
      { email: email.trim() },
      {
        onSuccess: () => {
          showSuccessToast('Reset Link Sent', 'Check your email for password reset instructions');
          onBack();
        },
        onError: (error) => showErrorToast(messageOf(error) ?? 'Failed to send reset email'),
      },
    );
  };

  return (
    <AuthForm label="Forgot password" onSubmit={submit}>
      <Text size="sm" c="dark.5">
        Enter the email address of your account and we will send you a link to choose a new password.
      </Text>
      <EmailField value={email} onChange={setEmail} />
      <SubmitButton busy={forgotPassword.isPending}>Send Reset Link</SubmitButton>
      <Button type="button" variant="subtle" fullWidth onClick={onBack}>
        Back to Sign In
      </Button>
    </AuthForm>
  );
}
