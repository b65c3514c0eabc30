import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { User } from '@shrinkly/contract';
import { type FormEvent, useState } from 'react';
import { showErrorToast } from '../../../components/toasts';
import { useSignIn } from '../api';
import { isInvalidCredentials, messageOf, rateLimitMessage } from '../auth-errors';

interface SignInFormProps {
  onSignedIn: (user: User) => void;
  onInvalidCredentials: () => void;
}

export function SignInForm({ onSignedIn, onInvalidCredentials }: SignInFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Too many attempts: shown in the form for as long as the wait lasts (until the next try), not in a passing toast.
  const [rateLimited, setRateLimited] = useState<string | null>(null);
  const signIn = useSignIn();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) return showErrorToast('Please enter your email address');
    if (!password) return showErrorToast('Please enter a password');
    setRateLimited(null);
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: ({ user }) => onSignedIn(user),
        onError: (error) => {
          const wait = rateLimitMessage(error);
          if (wait) setRateLimited(wait);
          else if (isInvalidCredentials(error)) onInvalidCredentials();
          else showErrorToast(messageOf(error) ?? 'Something went wrong');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {rateLimited && (
          <Alert color="red" variant="light" role="alert" title="Sign-in paused">
            {rateLimited}
          </Alert>
        )}
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
