import { PasswordInput, TextInput } from '@mantine/core';
import type { ChangeEvent, ReactNode } from 'react';

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  /** What the browser may fill in: 'email' or 'username' for an address; 'current-password' or 'new-password'. */
  autoComplete?: string;
  description?: ReactNode;
  error?: ReactNode;
}

/** What both kinds of field pass to their Mantine input: always required, the value as a plain string. */
function inputProps({ onChange, ...props }: FieldProps) {
  return { ...props, required: true, onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value) };
}

/** A required email address field. */
export function EmailField({ label = 'Email', autoComplete = 'email', ...props }: FieldProps) {
  return <TextInput type="email" {...inputProps({ label, autoComplete, ...props })} />;
}

/** A required password field, with the show/hide toggle. */
export function PasswordField({ label = 'Password', autoComplete = 'current-password', ...props }: FieldProps) {
  return <PasswordInput {...inputProps({ label, autoComplete, ...props })} />;
}
