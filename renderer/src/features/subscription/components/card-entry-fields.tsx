import type { CardEntry } from '../subscription-state';
import type { CardEntryState } from '../use-card-entry';
import { CreditCardFields } from './credit-card-fields';
import { StripeCardSlot } from './stripe-card-slot';

interface CardEntryFieldsProps {
  entry: CardEntry;
  card: CardEntryState;
  disabled: boolean;
}

/** The fields of a new card: ours (the sandbox), or the cardholder name and Stripe's hosted field. */
export function CardEntryFields({ entry, card, disabled }: CardEntryFieldsProps) {
  return (
    <CreditCardFields
      value={card.typed}
      onChange={card.setTyped}
      disabled={disabled}
      hostedCard={
        entry === 'stripe' ? (
          <StripeCardSlot
            disabled={disabled}
            onReady={(ready) => (card.stripeCard.current = ready)}
            onChange={card.setHostedCard}
          />
        ) : undefined
      }
    />
  );
}
