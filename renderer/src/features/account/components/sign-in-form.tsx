import type { User } from '@shrinkly/contract';
import { useState } from 'react';
import { EmailField, PasswordField } from '../../../components/auth-form/auth-field';
import { AuthForm, FormError, SubmitButton } from '../../../components/auth-form/auth-form';
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

  const submit = () => {
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
    <AuthForm label="Sign in" onSubmit={submit}>
      {rateLimited && <FormError title="Sign-in paused">{rateLimited}</FormError>}
      <EmailField value={email} onChange={setEmail} />
      <PasswordField value={password} onChange={setPassword} />
      <SubmitButton busy={signIn.isPending}>Sign In</SubmitButton>
    </AuthForm>
  );
}
