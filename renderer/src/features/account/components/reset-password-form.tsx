import { PASSWORD_MIN_LENGTH } from '@shrinkly/contract';
import { useState } from 'react';
import { PasswordField } from '../../../components/auth-form/auth-field';
import { AuthForm, SubmitButton } from '../../../components/auth-form/auth-form';
import { showErrorToast } from '../../../components/toasts';

interface ResetPasswordFormProps {
  busy: boolean;
  onSubmit: (password: string) => void;
}

/** New and confirm password; the two must match and be long enough before anything is sent. */
export function ResetPasswordForm({ busy, onSubmit }: ResetPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');

  const submit = () => {
    if (password !== confirmPassword) return showErrorToast("Passwords don't match");
    if (password.length < PASSWORD_MIN_LENGTH) {
      return showErrorToast(`Password must be at least ${PASSWORD_MIN_LENGTH} characters long`);
    }
    onSubmit(password);
  };

  return (
    <AuthForm label="Reset password" onSubmit={submit}>
      <PasswordField
        label="New Password"
        description={`At least ${PASSWORD_MIN_LENGTH} characters`}
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      <PasswordField label="Confirm Password" autoComplete="new-password" value={confirmPassword} onChange={setConfirmPassword} />
      <SubmitButton busy={busy}>Reset Password</SubmitButton>
    </AuthForm>
  );
}
