import { Button, PasswordInput, Stack } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@shrinkly/contract';
import { type FormEvent, useState } from 'react';
import { showErrorToast } from '../../../components/toasts';

interface ResetPasswordFormProps {
  busy: boolean;
  onSubmit: (password: string) => void;
}

/** New and confirm password; the two must match and be long enough before anything is sent. */
export function ResetPasswordForm({ busy, onSubmit }: ResetPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirmPassword) return showErrorToast("Passwords don't match");
    if (password.length < PASSWORD_MIN_LENGTH) {
      return showErrorToast(`Password must be at least ${PASSWORD_MIN_LENGTH} characters long`);
    }
    onSubmit(password);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Reset password">
      <Stack gap="md">
        <PasswordInput
          label="New Password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters`}
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth loading={busy} disabled={busy}>
          Reset Password
        </Button>
      </Stack>
    </form>
  );
}
