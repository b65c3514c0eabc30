import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ConfirmDialogProps } from '../../../components/confirm-dialog';

interface TypedConfirmationDialogProps extends ConfirmDialogProps {
  /** The word to type exactly (CANCEL, DELETE). */
  word: string;
  /** The button that closes the dialog without doing anything. */
  dismissLabel: string;
}

/** A destructive step the user confirms by typing a word exactly (docs/product/SPEC.md §5 "Other forms"). */
export function TypedConfirmationDialog({
  opened,
  title,
  children,
  word,
  confirmLabel,
  dismissLabel,
  busy,
  onConfirm,
  onClose,
}: TypedConfirmationDialogProps) {
  const [typed, setTyped] = useState('');
  const close = () => {
    setTyped('');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered closeOnClickOutside={!busy} closeOnEscape={!busy}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (typed === word) onConfirm();
        }}
      >
        <Stack gap="md">
          {children}
          <TextInput
            label={
              <Text component="span" size="sm">
                Type <strong>{word}</strong> to confirm
              </Text>
            }
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              {dismissLabel}
            </Button>
            <Button type="submit" color="red" loading={busy} disabled={typed !== word || busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
