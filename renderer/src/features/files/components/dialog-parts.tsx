import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';

interface DialogActionsProps {
  onCancel: () => void;
  confirmLabel: string;
  busy: boolean;
  disabled?: boolean;
  /** A click handler for a dialog without a form; without it the button submits the form. */
  onConfirm?: () => void;
  /** A destructive action: red, and Cancel takes the focus. */
  danger?: boolean;
}

/** Cancel, then the dialog's action, at the dialog's bottom right. */
export function DialogActions({ onCancel, confirmLabel, busy, disabled, onConfirm, danger = false }: DialogActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} data-autofocus={danger || undefined}>
        Cancel
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        color={danger ? 'red' : undefined}
        onClick={onConfirm}
        loading={busy}
        disabled={disabled}
      >
        {confirmLabel}
      </Button>
    </Group>
  );
}

interface NameFormProps {
  /** The form's accessible name. */
  formLabel: string;
  fieldLabel: string;
  placeholder?: string;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field while the name is blank (and, for a new folder, once a submit was tried). */
  error?: string;
  confirmLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}

/** One name to type (a new folder's, a file's new one): the field, Cancel and the action, disabled while blank. */
export function NameForm({
  formLabel,
  fieldLabel,
  placeholder,
  maxLength,
  value,
  onChange,
  error,
  confirmLabel,
  busy,
  onSubmit,
  onCancel,
}: NameFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={formLabel}>
      <Stack gap="md">
        <TextInput
          label={fieldLabel}
          placeholder={placeholder}
          required
          data-autofocus
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
        />
        <DialogActions onCancel={onCancel} confirmLabel={confirmLabel} busy={busy} disabled={!value.trim()} />
      </Stack>
    </form>
  );
}
