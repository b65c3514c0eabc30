import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@shrinkly/contract';
import { type FormEvent, useState } from 'react';
import { showErrorToast } from '../../../components/toasts';
import { useSignUp } from '../api';
import { isAlreadyRegistered, messageOf } from '../auth-errors';
import { firstSignUpProblem, type SignUpFields } from '../sign-up-validation';
import { SecurityCheck } from './security-check';

interface SignUpFormProps {
  /** The account is made and signed in; `fields` are what was typed, to fill the form again on the way back. */
  onSignedUp: (fields: SignUpFields) => void;
  /** A form filled before, as on the way back from the card step. */
  initialFields?: SignUpFields;
}

const EMPTY_FIELDS: SignUpFields = { name: '', email: '', password: '', confirmPassword: '' };

export function SignUpForm({ onSignedUp, initialFields = EMPTY_FIELDS }: SignUpFormProps) {
  const [fields, setFields] = useState<SignUpFields>(initialFields);
  const [checkSolved, setCheckSolved] = useState(false);
  const signUp = useSignUp();

  const field = (name: keyof SignUpFields) => ({
    value: fields[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setFields((current) => ({ ...current, [name]: value }));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = firstSignUpProblem(fields, checkSolved);
    if (problem) return showErrorToast(problem);
    signUp.mutate(
      { name: fields.name.trim(), email: fields.email.trim(), password: fields.password },
      {
        onSuccess: () => onSignedUp(fields),
        onError: (error) => {
          if (isAlreadyRegistered(error)) {
            showErrorToast(
              'This email address is already registered. Please use a different email or sign in instead.',
              'Email Already Registered',
            );
          } else {
            showErrorToast(messageOf(error) ?? 'Failed to create account. Please try again.', 'Registration Failed');
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Sign up">
      <Stack gap="md">
        <TextInput label="Full Name" autoComplete="name" required {...field('name')} />
        <TextInput label="Email" type="email" autoComplete="email" required {...field('email')} />
        <PasswordInput
          label="Password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters`}
          autoComplete="new-password"
          required
          {...field('password')}
        />
        <PasswordInput label="Confirm Password" autoComplete="new-password" required {...field('confirmPassword')} />
        <SecurityCheck solved={checkSolved} onSolvedChange={setCheckSolved} />
        <Button type="submit" fullWidth loading={signUp.isPending} disabled={signUp.isPending || !checkSolved}>
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
