import { Button, Checkbox, Loader, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { showErrorToast, showSuccessToast } from '../../../components/toasts';
import { messageOf } from '../../account/auth-errors';
import { type TrialCard, useSetupTrial, useSubscriptionDetails } from '../api';
import { type CardFields, EMPTY_CARD } from '../card-input';
import { EMPTY_HOSTED_CARD, firstCardProblem, firstHostedCardProblem, type HostedCardState } from '../card-validation';
import { TRIAL_SETUP_FAILED, TRIAL_STARTED, TRIAL_TERMS } from '../plan-texts';
import type { StripeCard } from '../stripe-setup';
import { CreditCardFields } from './credit-card-fields';
import { StripeCardSlot } from './stripe-card-slot';

const LOADING_CARD_FIELD = 'The secure card form is still loading. Please wait a moment.';

interface TrialCardFormProps {
  /** The trial has started. */
  onStarted: () => void;
  /** Buttons under Start Free Trial (back, skip), disabled with the form while it is sent. */
  children?: (busy: boolean) => ReactNode;
}

/**
 * The trial's card: terms checkbox and the card fields, checked in SPEC order, then Start Free Trial. With the
 * sandbox provider the four fields are ours and the card is posted to our server; with Stripe the number, expiry and
 * CVV are typed into Stripe's hosted field, Stripe.js sets the card up, and our server gets the payment method only.
 */
export function TrialCardForm({ onStarted, children }: TrialCardFormProps) {
  const details = useSubscriptionDetails();
  // Undefined while loading; null where this server takes no cards (PayPal only).
  const entry = details.data?.paymentMethods.card;
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [hostedCard, setHostedCard] = useState<HostedCardState>(EMPTY_HOSTED_CARD);
  const stripeCard = useRef<StripeCard | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const setupTrial = useSetupTrial(() => {
    showSuccessToast(TRIAL_STARTED.title, TRIAL_STARTED.message);
    onStarted();
  });
  const busy = setupTrial.isPending || confirming;

  const start = (trialCard: TrialCard) =>
    setupTrial.mutate(trialCard, { onError: (error) => showErrorToast(messageOf(error) ?? TRIAL_SETUP_FAILED) });

  /** Stripe.js confirms the card with Stripe; the trial then starts with the payment method it made. */
  const startWithStripe = async () => {
    const problem = firstHostedCardProblem(card.cardholderName, hostedCard, { termsAccepted });
    if (problem) return showErrorToast(problem);
    const field = stripeCard.current;
    if (!field) return showErrorToast(LOADING_CARD_FIELD);
    setConfirming(true);
    try {
      start({ paymentMethodId: await field.confirm(card.cardholderName) });
    } catch (error) {
      showErrorToast(messageOf(error) ?? TRIAL_SETUP_FAILED);
    } finally {
      setConfirming(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !entry) return;
    if (entry === 'stripe') return void startWithStripe();
    const problem = firstCardProblem(card, { termsAccepted });
    if (problem) return showErrorToast(problem);
    start({ creditCard: card });
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
          <CreditCardFields
            value={card}
            onChange={setCard}
            disabled={busy}
            hostedCard={
              entry === 'stripe' ? (
                <StripeCardSlot disabled={busy} onReady={(ready) => (stripeCard.current = ready)} onChange={setHostedCard} />
              ) : undefined
            }
          />
        )}
        <Button type="submit" fullWidth loading={busy} disabled={busy || !entry}>
          Start Free Trial
        </Button>
        {children?.(busy)}
      </Stack>
    </form>
  );
}
