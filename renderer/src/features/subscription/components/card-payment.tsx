import { Button, Stack, Text } from '@mantine/core';
import type { SubscriptionDetails } from '@shrinkly/contract';
import { type FormEvent, useState } from 'react';
import { type TrialCard, useSubscribe } from '../api';
import { cardLabel } from '../card-on-file';
import { PRICE_PER_MONTH } from '../plan-texts';
import { showSubscribeError } from '../subscription-errors';
import type { CardEntry } from '../subscription-state';
import { useCardEntry } from '../use-card-entry';
import { CardEntryFields } from './card-entry-fields';

/**
 * The pay button names the card on file ("Pay $3.99/month with Visa ending in 4242"), longer than the plan card is
 * wide on some screens: the label wraps onto balanced lines, and the button grows with it, instead of being cut off.
 */
const LABEL_LINE_HEIGHT = 1.35;
const WRAPPING_BUTTON = {
  // One line keeps the button's own height; each further line adds its height.
  root: { height: 'auto', paddingBlock: `calc((var(--button-height) - ${LABEL_LINE_HEIGHT}em) / 2)` },
  label: { whiteSpace: 'normal', textWrap: 'balance', height: 'auto', lineHeight: LABEL_LINE_HEIGHT },
} as const;

interface CardPaymentProps {
  /** The card on file, charged unless the user gives another. */
  card: SubscriptionDetails['card'];
  /** How a new card is taken: typed in the card form (the sandbox), or in Stripe's own field. */
  entry: CardEntry;
  onSubscribed: () => void;
}

/**
 * Pay by card: the card on file in one click, or a new card (kept on file afterwards). With Stripe the new card is
 * typed into Stripe's hosted field and set up by Stripe.js; our server gets the payment method only.
 */
export function CardPayment({ card, entry, onSubscribed }: CardPaymentProps) {
  const [typingCard, setTypingCard] = useState(card === null);
  const newCard = useCardEntry();
  const subscribe = useSubscribe(onSubscribed);
  const busy = subscribe.isPending || newCard.confirming;

  const pay = (given: TrialCard | undefined) => subscribe.mutate(given, { onError: showSubscribeError });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) newCard.submit(entry, pay, { confirmFailed: 'Payment Error' });
  };

  if (card && !typingCard) {
    return (
      <Stack gap="xs">
        <Button size="md" fullWidth loading={busy} disabled={busy} onClick={() => pay(undefined)} styles={WRAPPING_BUTTON}>
          Pay {PRICE_PER_MONTH} with {cardLabel(card)}
        </Button>
        <Button variant="subtle" size="compact-sm" onClick={() => setTypingCard(true)} disabled={busy}>
          Use a different card
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Card payment">
      <Stack gap="md">
        <CardEntryFields entry={entry} card={newCard} disabled={busy} />
        <Text size="xs" c="dark.5">
          You will be charged {PRICE_PER_MONTH} today and every month until you cancel. Your card is kept on file for renewals; we
          never store its full number or CVV.
        </Text>
        <Button type="submit" size="md" fullWidth loading={busy} disabled={busy}>
          Subscribe Now
        </Button>
        {card && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setTypingCard(false)}
            disabled={busy}
            styles={WRAPPING_BUTTON}
          >
            Use {cardLabel(card)}
          </Button>
        )}
      </Stack>
    </form>
  );
}
