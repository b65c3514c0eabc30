import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { User } from '@shrinkly/contract';
import { useState, type FormEvent } from 'react';
import { showErrorToast } from '../../../components/toasts';
import { useSignIn } from '../api';
import { isInvalidCredentials, messageOf } from '../auth-errors';

interface SignInFormProps {
  onSignedIn: (user: User) => void;
  onInvalidCredentials: () => void;
}

export function SignInForm({ onSignedIn, onInvalidCredentials }: SignInFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) return showErrorToast('Please enter your email address');
    if (!password) return showErrorToast('Please enter a password');
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: ({ user }) => onSignedIn(user),
        onError: (error) => {
          if (isInvalidCredentials(error)) onInvalidCredentials();
          else showErrorToast(messageOf(error) ?? 'Something went wrong');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
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
        <Button type="submit" fullWidth loading={signIn.isPending} disabled={signIn.isPending}>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
