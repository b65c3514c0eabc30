import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { ApiError, SHARE_PASSWORD_MAX_LENGTH } from '@shrinkly/contract';
import { type FormEvent, useState } from 'react';

interface SharePasswordFormProps {
  busy: boolean;
  /** Why the last password was refused: wrong, or too many tries. */
  error: unknown;
  onSubmit: (password: string) => void;
}

/** The password of a protected link, asked for before anything of its file is shown. */
export function SharePasswordForm({ busy, error, onSubmit }: SharePasswordFormProps) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== '' && !busy) onSubmit(password);
  };
  const message = error
    ? error instanceof ApiError
      ? error.serverMessage
      : 'The password could not be checked. Please try again.'
    : undefined;
  return (
    <form onSubmit={submit} noValidate aria-label="Unlock the shared file">
      <Stack gap="sm">
        <PasswordInput
          label="Password"
          description="The person who shared this file set a password."
          required
          autoFocus
          maxLength={SHARE_PASSWORD_MAX_LENGTH}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={message}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={password === ''}>
            Unlock
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
