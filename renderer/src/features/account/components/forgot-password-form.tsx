import { Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { showErrorToast, showSuccessToast } from '../../../components/toasts';
import { useForgotPassword } from '../api';
import { messageOf } from '../auth-errors';

interface ForgotPasswordFormProps {
  onBack: () => void;
}

export function ForgotPasswordForm({ onBack }: ForgotPasswordFormProps) {
  const [email, setEmail] = useState('');
  const forgotPassword = useForgotPassword();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
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
    <form onSubmit={submit} noValidate aria-label="Forgot password">
      <Stack gap="md">
        <Text size="sm" c="dark.5">
          Enter the email address of your account and we will send you a link to choose a new password.
        </Text>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth loading={forgotPassword.isPending} disabled={forgotPassword.isPending}>
          Send Reset Link
        </Button>
        <Button type="button" variant="subtle" fullWidth onClick={onBack}>
          Back to Sign In
        </Button>
      </Stack>
    </form>
  );
}
