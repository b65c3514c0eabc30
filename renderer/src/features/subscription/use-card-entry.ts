import { useRef, useState } from 'react';
import { showErrorToast } from '../../components/toasts';
import { messageOf } from '../account/auth-errors';
import type { TrialCard } from './api';
import { type CardFields, EMPTY_CARD } from './card-input';
import { EMPTY_HOSTED_CARD, firstCardProblem, firstHostedCardProblem, type HostedCardState } from './card-validation';
import type { StripeCard } from './stripe-setup';
import type { CardEntry } from './subscription-state';

const LOADING_CARD_FIELD = 'The secure card form is still loading. Please wait a moment.';

interface SubmitOptions {
  /** The trial's terms checkbox, checked first where the form has one. */
  termsAccepted?: boolean;
  /** The toast when Stripe refuses to set the card up without saying why. */
  confirmFailed: string;
}

/**
 * A new card being entered, as the server takes it. With the sandbox provider the four fields are ours and the card
 * is posted to our server; with Stripe the number, expiry and CVV are typed into Stripe's hosted field, Stripe.js
 * sets the card up, and our server gets the payment method only.
 */
export function useCardEntry() {
  const [typed, setTyped] = useState<CardFields>(EMPTY_CARD);
  const [hostedCard, setHostedCard] = useState<HostedCardState>(EMPTY_HOSTED_CARD);
  const stripeCard = useRef<StripeCard | null>(null);
  const [confirming, setConfirming] = useState(false);

  const confirmWithStripe = async (send: (card: TrialCard) => void, { termsAccepted, confirmFailed }: SubmitOptions) => {
    const problem = firstHostedCardProblem(typed.cardholderName, hostedCard, { termsAccepted });
    if (problem) return showErrorToast(problem);
    const field = stripeCard.current;
    if (!field) return showErrorToast(LOADING_CARD_FIELD);
    setConfirming(true);
    try {
      send({ paymentMethodId: await field.confirm(typed.cardholderName) });
    } catch (error) {
      showErrorToast(messageOf(error) ?? confirmFailed);
    } finally {
      setConfirming(false);
    }
  };

  /** Checks the card (VAL-07, VAL-08, then the server's own checks) and hands it to `send`, or toasts its first problem. */
  const submit = (entry: CardEntry, send: (card: TrialCard) => void, options: SubmitOptions) => {
    if (entry === 'stripe') return void confirmWithStripe(send, options);
    const problem = firstCardProblem(typed, { termsAccepted: options.termsAccepted });
    if (problem) return showErrorToast(problem);
    send({ creditCard: typed });
  };

  return { typed, setTyped, setHostedCard, stripeCard, confirming, submit };
}

export type CardEntryState = ReturnType<typeof useCardEntry>;
