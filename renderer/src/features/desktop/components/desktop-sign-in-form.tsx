import { Button, Card, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useDesktopSignIn } from '../api';

/** Signing the app in to its server (the account's token stays in the main process, never in this window). */
export function DesktopSignInForm({ serverUrl }: { serverUrl: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const signIn = useDesktopSignIn();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = {
      email: email.trim() ? undefined : 'Please enter your email address',
      password: password ? undefined : 'Please enter a password',
    };
    setErrors(missing);
    if (missing.email || missing.password) return;
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => setPassword(''),
        onError: (error) => setErrors({ form: error.message }),
      },
    );
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="desktop-sign-in-title">
      <Title id="desktop-sign-in-title" order={2} fz="lg" mb={4}>
        Sign in to sync
      </Title>
      <Text size="sm" c="dark.5" mb="md">
        Sign in to {serverUrl} to send results to My Files.
      </Text>
      <form onSubmit={submit} noValidate aria-label="Sign in to sync">
        <Stack gap="sm" maw={420}>
          {errors.form && (
            <Text size="sm" c="red.8" fw={600} role="alert">
              {errors.form}
            </Text>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" loading={signIn.isPending} disabled={signIn.isPending} style={{ alignSelf: 'flex-start' }}>
            Sign In
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
