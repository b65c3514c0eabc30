import { Alert, Button, type ButtonProps, Stack, type StackProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

interface AuthFormProps extends Pick<StackProps, 'gap' | 'maw'> {
  /** The form's accessible name (the tests find each form by it). */
  label: string;
  onSubmit: () => void;
  /**
   * Check the fields in `onSubmit` (true) or let the browser refuse empty required fields first (false, the admin
   * screens).
   */
  noValidate?: boolean;
  children: ReactNode;
}

/** A sign-in, reset or request form: the fields stacked, submitted without a page load. */
export function AuthForm({ label, onSubmit, noValidate = true, gap = 'md', maw, children }: AuthFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate={noValidate} aria-label={label}>
      <Stack gap={gap} maw={maw}>
        {children}
      </Stack>
    </form>
  );
}

/** A failure that stays in the form until the next try (a paused sign-in, a refused one), read out as an alert. */
export function FormError({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {children}
    </Alert>
  );
}

interface SubmitButtonProps extends Pick<ButtonProps, 'fullWidth' | 'style'> {
  busy: boolean;
  /** Said on the button while busy (the admin screens); without it the button shows a spinner. */
  busyLabel?: string;
  children: ReactNode;
}

/** The form's submit button, disabled while the request runs. */
export function SubmitButton({ busy, busyLabel, fullWidth = true, style, children }: SubmitButtonProps) {
  return (
    <Button type="submit" fullWidth={fullWidth} style={style} loading={busy && !busyLabel} disabled={busy}>
      {busy && busyLabel ? busyLabel : children}
    </Button>
  );
}
