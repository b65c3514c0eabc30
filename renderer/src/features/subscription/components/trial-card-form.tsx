import { Button, Checkbox, Loader, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { showErrorToast, showSuccessToast } from '../../../components/toasts';
import { messageOf } from '../../account/auth-errors';
import { type TrialCard, useSetupTrial, useSubscriptionDetails } from '../api';
import { TRIAL_SETUP_FAILED, TRIAL_STARTED, TRIAL_TERMS } from '../plan-texts';
import { useCardEntry } from '../use-card-entry';
import { CardEntryFields } from './card-entry-fields';

interface TrialCardFormProps {
  /** The trial has started. */
  onStarted: () => void;
  /** Buttons under Start Free Trial (back, skip), disabled with the form while it is sent. */
  children?: (busy: boolean) => ReactNode;
}

/**
 * The trial's card: terms checkbox and the card fields (VAL-07, VAL-08), then Start Free Trial; the card goes to the
 * server as `useCardEntry` takes it.
 */
export function TrialCardForm({ onStarted, children }: TrialCardFormProps) {
  const details = useSubscriptionDetails();
  // Undefined while loading; null where this server takes no cards (PayPal only).
  const entry = details.data?.paymentMethods.card;
  const card = useCardEntry();
  const [termsAccepted, setTermsAccepted] = useState(false);
  const setupTrial = useSetupTrial(() => {
    showSuccessToast(TRIAL_STARTED.title, TRIAL_STARTED.message);
    onStarted();
  });
  const busy = setupTrial.isPending || card.confirming;

  const start = (trialCard: TrialCard) =>
    setupTrial.mutate(trialCard, { onError: (error) => showErrorToast(messageOf(error) ?? TRIAL_SETUP_FAILED) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy && entry) card.submit(entry, start, { termsAccepted, confirmFailed: TRIAL_SETUP_FAILED });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Trial card">
      <Stack gap="md">
        <Checkbox
          label={TRIAL_TERMS}
          checked={termsAccepted}
          onChange={(event) => setTermsAccepted(event.currentTarget.checked)}
          disabled={busy}
        />
        {details.isError ? (
          <LoadFailedAlert title="The card form could not be loaded" onRetry={() => void details.refetch()} />
        ) : entry === undefined ? (
          <Loader size="sm" mx="auto" aria-label="Loading the card form" />
        ) : entry === null ? (
          <Text size="sm" c="dark.6">
            Cards are not taken here. You can subscribe with PayPal from the Subscribe page.
          </Text>
        ) : (
          <CardEntryFields entry={entry} card={card} disabled={busy} />
        )}
        <Button type="submit" fullWidth loading={busy} disabled={busy || !entry}>
          Start Free Trial
        </Button>
        {children?.(busy)}
      </Stack>
    </form>
  );
}
