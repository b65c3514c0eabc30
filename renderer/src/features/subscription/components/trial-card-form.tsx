import { Button, Checkbox, Stack } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { showErrorToast, showSuccessToast } from '../../../components/toasts';
import { messageOf } from '../../account/auth-errors';
import { useSetupTrial } from '../api';
import { type CardFields, EMPTY_CARD } from '../card-input';
import { firstCardProblem } from '../card-validation';
import { TRIAL_SETUP_FAILED, TRIAL_STARTED, TRIAL_TERMS } from '../plan-texts';
import { CreditCardFields } from './credit-card-fields';

interface TrialCardFormProps {
  /** The trial has started. */
  onStarted: () => void;
  /** Buttons under Start Free Trial (back, skip), disabled with the form while it is sent. */
  children?: (busy: boolean) => ReactNode;
}

/** The trial's card: terms checkbox and the four card fields, checked in SPEC order, then Start Free Trial. */
export function TrialCardForm({ onStarted, children }: TrialCardFormProps) {
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const setupTrial = useSetupTrial(() => {
    showSuccessToast(TRIAL_STARTED.title, TRIAL_STARTED.message);
    onStarted();
  });
  const busy = setupTrial.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = firstCardProblem(card, { termsAccepted });
    if (problem) return showErrorToast(problem);
    setupTrial.mutate(card, { onError: (error) => showErrorToast(messageOf(error) ?? TRIAL_SETUP_FAILED) });
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
        <CreditCardFields value={card} onChange={setCard} disabled={busy} />
        <Button type="submit" fullWidth loading={busy} disabled={busy}>
          Start Free Trial
        </Button>
        {children?.(busy)}
      </Stack>
    </form>
  );
}
