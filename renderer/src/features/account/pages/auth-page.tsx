import { Alert, Button, Stack } from '@mantine/core';
import { PRODUCT_NAME, pages, TRIAL_DAYS, type User } from '@shrinkly/contract';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../app/use-page-title';
import { AuthCard, AuthHeading } from '../../../components/auth-form/auth-card';
import { showErrorToast } from '../../../components/toasts';
import { useDeleteAccount } from '../api';
import { messageOf } from '../auth-errors';
import { AuthenticationFailedDialog } from '../components/authentication-failed-dialog';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';
import { TrialCardStep } from '../components/trial-card-step';
import { WelcomeBackDialog } from '../components/welcome-back-dialog';
import type { SignUpFields } from '../sign-up-validation';

/** `card`: the trial card step right after sign-up. */
type AuthMode = 'signin' | 'signup' | 'forgot' | 'card';

const HEADINGS: Record<AuthMode, { title: string; subtitle: string }> = {
  signin: { title: 'Sign in to your account', subtitle: `Welcome to ${PRODUCT_NAME}. Sign in to reach your files.` },
  signup: { title: 'Create your account', subtitle: `Join ${PRODUCT_NAME} to store, organise and compress your files.` },
  forgot: { title: 'Reset your password', subtitle: 'We will email you a link to choose a new password.' },
  card: { title: 'Complete Your Setup', subtitle: `Start your ${TRIAL_DAYS}-day free trial with full Premium access.` },
};

const TITLES: Record<AuthMode, string> = {
  signin: 'Sign In',
  signup: 'Sign Up',
  forgot: 'Forgot Password',
  card: 'Complete Your Setup',
};

/** Links such as "Start Free Trial" open the page in sign-up mode through router state. */
function initialMode(state: unknown): AuthMode {
  return typeof state === 'object' && state !== null && (state as { mode?: unknown }).mode === 'signup' ? 'signup' : 'signin';
}

/** `/auth`: sign in, sign up and forgot password. `?upgrade=true` comes from the Upgrade to Premium link. */
export function AuthPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthMode>(() => initialMode(location.state));
  const [signedInUser, setSignedInUser] = useState<User | null>(null);
  const [welcomeOpened, setWelcomeOpened] = useState(false);
  const [failedOpened, setFailedOpened] = useState(false);
  const [signUpDraft, setSignUpDraft] = useState<SignUpFields | undefined>(undefined);
  const takeBackSignUp = useDeleteAccount(() => setMode('signup'));
  const upgrading = searchParams.get('upgrade') === 'true';
  usePageTitle(TITLES[mode]);

  const goToDashboard = useCallback(() => {
    setWelcomeOpened(false);
    void navigate(pages.dashboard);
  }, [navigate]);
  const closeWelcome = useCallback(() => setWelcomeOpened(false), []);

  const onSignedIn = (user: User) => {
    if (upgrading) return void navigate(pages.subscribeToUpgrade);
    setSignedInUser(user);
    setWelcomeOpened(true);
  };

  const onSignedUp = (fields: SignUpFields) => {
    if (upgrading) return void navigate(pages.subscribeToUpgrade);
    // Kept to fill the form again if the user goes back; passwords are typed again.
    setSignUpDraft({ ...fields, password: '', confirmPassword: '' });
    setMode('card');
  };

  /** Back to Registration: the account just made is taken back, so the same email can be registered again. */
  const backToRegistration = () =>
    takeBackSignUp.mutate(undefined, { onError: (error) => showErrorToast(messageOf(error) ?? 'Something went wrong') });

  const heading = HEADINGS[mode];

  return (
    <AuthCard width={460}>
      <Stack gap="lg">
        <AuthHeading title={heading.title} subtitle={heading.subtitle} />
        {upgrading && (mode === 'signin' || mode === 'signup') && (
          <Alert color="blue" variant="light" title="Upgrade to Premium">
            Sign in or create an account first, then choose your plan.
          </Alert>
        )}
        {mode === 'signin' && (
          <>
            <SignInForm onSignedIn={onSignedIn} onInvalidCredentials={() => setFailedOpened(true)} />
            <Button variant="subtle" size="compact-sm" onClick={() => setMode('forgot')} style={{ alignSelf: 'center' }}>
              Forgot password?
            </Button>
            <Button variant="subtle" onClick={() => setMode('signup')}>
              Don't have an account? Sign up
            </Button>
          </>
        )}
        {mode === 'signup' && (
          <>
            <SignUpForm onSignedUp={onSignedUp} initialFields={signUpDraft} />
            <Button variant="subtle" onClick={() => setMode('signin')}>
              Already have an account? Sign in
            </Button>
          </>
        )}
        {mode === 'forgot' && <ForgotPasswordForm onBack={() => setMode('signin')} />}
        {mode === 'card' && (
          <TrialCardStep
            onStarted={() => void navigate(pages.subscriptionSuccess('trial'))}
            onBack={backToRegistration}
            onSkip={() => void navigate(pages.dashboard)}
            goingBack={takeBackSignUp.isPending}
          />
        )}
      </Stack>
      <WelcomeBackDialog
        opened={welcomeOpened}
        email={signedInUser?.email ?? ''}
        onContinue={goToDashboard}
        onClose={closeWelcome}
      />
      <AuthenticationFailedDialog opened={failedOpened} onClose={() => setFailedOpened(false)} />
    </AuthCard>
  );
}
