import { Card, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { EmailField, PasswordField } from '../../../components/auth-form/auth-field';
import { AuthForm, FormError, SubmitButton } from '../../../components/auth-form/auth-form';
import { useDesktopSignIn } from '../api';

/** Signing the app in to its server (the account's token stays in the main process, never in this window). */
export function DesktopSignInForm({ serverUrl }: { serverUrl: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const signIn = useDesktopSignIn();

  const submit = () => {
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
      <AuthForm label="Sign in to sync" onSubmit={submit} gap="sm" maw={420}>
        {errors.form && <FormError>{errors.form}</FormError>}
        <EmailField value={email} onChange={setEmail} error={errors.email} />
        <PasswordField value={password} onChange={setPassword} error={errors.password} />
        <SubmitButton busy={signIn.isPending} fullWidth={false} style={{ alignSelf: 'flex-start' }}>
          Sign In
        </SubmitButton>
      </AuthForm>
    </Card>
  );
}
