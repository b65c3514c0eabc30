import { Button, Stack, Text } from '@mantine/core';
import { SUPPORT_EMAIL, type SubscriptionDetails } from '@shrinkly/contract';
import { useState, type FormEvent } from 'react';
import { showErrorToast } from '../../../components/toasts';
import { useSubscribe } from '../api';
import { type CardFields, EMPTY_CARD } from '../card-input';
import { cardLabel } from '../card-on-file';
import { firstCardProblem } from '../card-validation';
import { PRICE_PER_MONTH } from '../plan-texts';
import { showSubscribeError } from '../subscription-errors';
import { CreditCardFields } from './credit-card-fields';

interface CardPaymentProps {
  /** The card on file, charged unless the user types another. */
  card: SubscriptionDetails['card'];
  /**
   * A new card may be typed in the card form (the sandbox). With Stripe it may not: Premium is paid with the card on
   * file, which the trial step set up in Stripe's own fields.
   */
  newCard: boolean;
  onSubscribed: () => void;
}

/** Pay by card: the card on file in one click, or a card typed in the card form (kept on file afterwards). */
export function CardPayment({ card, newCard, onSubscribed }: CardPaymentProps) {
  const [typingCard, setTypingCard] = useState(card === null);
  const [typed, setTyped] = useState<CardFields>(EMPTY_CARD);
  const subscribe = useSubscribe(onSubscribed);
  const busy = subscribe.isPending;

  const pay = (creditCard: CardFields | undefined) =>
    subscribe.mutate(creditCard, { onError: showSubscribeError });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = firstCardProblem(typed);
    if (problem) return showErrorToast(problem);
    pay(typed);
  };

  if (card && (!typingCard || !newCard)) {
    return (
      <Stack gap="xs">
        <Button size="md" fullWidth loading={busy} disabled={busy} onClick={() => pay(undefined)}>
          Pay {PRICE_PER_MONTH} with {cardLabel(card)}
        </Button>
        {newCard && (
          <Button variant="subtle" size="compact-sm" onClick={() => setTypingCard(true)} disabled={busy}>
            Use a different card
          </Button>
        )}
      </Stack>
    );
  }
  if (!newCard) {
    return (
      <Text size="sm" c="dark.6">
        There is no card on file for this account, and a new card cannot be added here yet. Please contact{' '}
        {SUPPORT_EMAIL} to subscribe.
      </Text>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Card payment">
      <Stack gap="md">
        <CreditCardFields value={typed} onChange={setTyped} disabled={busy} />
        <Text size="xs" c="dark.5">
          You will be charged {PRICE_PER_MONTH} today and every month until you cancel. Your card is kept on file for
          renewals; we never store its full number or CVV.
        </Text>
        <Button type="submit" size="md" fullWidth loading={busy} disabled={busy}>
          Subscribe Now
        </Button>
        {card && (
          <Button variant="subtle" size="compact-sm" onClick={() => setTypingCard(false)} disabled={busy}>
            Use {cardLabel(card)}
          </Button>
        )}
      </Stack>
    </form>
  );
}
