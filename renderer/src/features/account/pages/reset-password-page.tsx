import { Stack } from '@mantine/core';
import { pages, RESET_PAGE_REDIRECT_MS, type ResetPasswordResponse } from '@shrinkly/contract';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../app/use-page-title';
import { AuthCard, AuthHeading } from '../../../components/auth-form/auth-card';
import { showErrorToast } from '../../../components/toasts';
import { useResetPasswordWithToken } from '../api';
import { isInvalidResetLink } from '../auth-errors';
import { ResetPasswordForm } from '../components/reset-password-form';
import { ResetPasswordSuccess } from '../components/reset-password-success';

const INVALID_LINK_MESSAGE = 'This password reset link is invalid or has expired. Please request a new one.';

/** `/reset-password?token=…`: choose a new password from an emailed link. */
export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const resetPassword = useResetPasswordWithToken();
  const [done, setDone] = useState<ResetPasswordResponse['audience'] | null>(null);

  const rejectLink = useCallback(() => {
    showErrorToast(INVALID_LINK_MESSAGE, 'Invalid Reset Link');
    void navigate(pages.auth, { replace: true });
  }, [navigate]);

  useEffect(() => {
    if (!token) rejectLink();
  }, [token, rejectLink]);

  // An administrator's reset leads back to the admin login; everyone else signs in on /auth.
  const destination = done === 'admin' ? pages.adminLogin : pages.auth;
  const goOn = useCallback(() => void navigate(destination, { replace: true }), [navigate, destination]);

  useEffect(() => {
    if (done === null) return;
    const timer = setTimeout(goOn, RESET_PAGE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, goOn]);

  const submit = (password: string) => {
    if (!token) return rejectLink();
    resetPassword.mutate(
      { token, password },
      {
        onSuccess: (response) => setDone(response.audience),
        onError: (error) => {
          if (isInvalidResetLink(error)) rejectLink();
          else showErrorToast('Something went wrong. Please try again.');
        },
      },
    );
  };

  if (!token) return null;

  return (
    <AuthCard width={460}>
      {done !== null ? (
        <ResetPasswordSuccess destination={done === 'admin' ? 'the admin login' : 'sign in'} onContinue={goOn} />
      ) : (
        <Stack gap="lg">
          <AuthHeading
            title="Choose a new password"
            subtitle="Enter your new password twice. You will sign in with it from now on."
          />
          <ResetPasswordForm busy={resetPassword.isPending} onSubmit={submit} />
        </Stack>
      )}
    </AuthCard>
  );
}
