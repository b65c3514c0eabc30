import type { ApiKey } from '@shrinkly/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConfirmDialogProps } from '../../components/confirm-dialog';
import { showErrorToast, showSuccessToast } from '../../components/toasts';

interface RevokeConfirmationOptions {
  /** The toast's line once the key is revoked. */
  revokedMessage: (key: ApiKey) => string;
  /** What the refusal says, when it says something. */
  messageOf: (error: unknown) => string | null;
}

/**
 * Revoke, asked once more: `ask` opens the dialog for a key, `key` is the one asked about (null while closed) and
 * `dialog` the ConfirmDialog's props, whose Revoke key runs `revoke`, toasts the outcome and closes it.
 */
export function useRevokeConfirmation(
  revoke: UseMutationResult<unknown, Error, string>,
  { revokedMessage, messageOf }: RevokeConfirmationOptions,
) {
  const [key, setKey] = useState<ApiKey | null>(null);
  const close = () => setKey(null);
  const confirm = () => {
    if (!key) return;
    revoke.mutate(key.id, {
      onSuccess: () => showSuccessToast('API key revoked', revokedMessage(key)),
      onError: (error) => showErrorToast(messageOf(error) ?? 'Failed to revoke the key', 'Not revoked'),
      onSettled: close,
    });
  };
  const dialog: Omit<ConfirmDialogProps, 'children'> = {
    opened: key !== null,
    title: 'Revoke API key',
    confirmLabel: 'Revoke key',
    busy: revoke.isPending,
    onConfirm: confirm,
    onClose: close,
  };
  return { key, ask: setKey, dialog };
}
