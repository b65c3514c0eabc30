import { Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { showErrorToast, showSuccessToast } from '../../../components/toasts';
import { useChangePassword } from '../../account/api';
import { messageOf } from '../../account/auth-errors';
import { type ChangePasswordFields, firstChangePasswordProblem } from '../change-password-validation';

const EMPTY: ChangePasswordFields = { currentPassword: '', newPassword: '', confirmPassword: '' };

interface ChangePasswordFormProps {
  email: string;
}

/** Current, new and confirmation; checked in the order docs/product/SPEC.md §5 gives, then sent as reset-password {currentPassword, newPassword}. */
export function ChangePasswordForm({ email }: ChangePasswordFormProps) {
  const [fields, setFields] = useState<ChangePasswordFields>(EMPTY);
  const changePassword = useChangePassword(email);
  const busy = changePassword.isPending;

  const field = (name: keyof ChangePasswordFields) => ({
    value: fields[name],
    disabled: busy,
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setFields((current) => ({ ...current, [name]: value }));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = firstChangePasswordProblem(fields);
    if (problem) return showErrorToast(problem.message, problem.title);
    changePassword.mutate(
      { currentPassword: fields.currentPassword, newPassword: fields.newPassword },
      {
        onSuccess: () => {
          setFields(EMPTY);
          showSuccessToast('Password Updated', 'Your password has been changed.');
        },
        onError: (error) => showErrorToast(messageOf(error) ?? 'Failed to change password', 'Password Reset Failed'),
      },
    );
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="change-password-title">
      <Title id="change-password-title" order={2} fz="lg" mb="md">
        Change Password
      </Title>
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack gap="sm" maw={420}>
          <PasswordInput label="Current Password" autoComplete="current-password" required {...field('currentPassword')} />
          <PasswordInput label="New Password" autoComplete="new-password" required {...field('newPassword')} />
          <PasswordInput label="Confirm New Password" autoComplete="new-password" required {...field('confirmPassword')} />
          <Button type="submit" loading={busy} disabled={busy} style={{ alignSelf: 'flex-start' }}>
            Update Password
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
