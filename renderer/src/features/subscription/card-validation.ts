import { creditCardSchema } from '@shrinkly/contract';
import type { CardFields } from './card-input';

export const TERMS_REQUIRED_MESSAGE = 'Please accept the trial terms to continue';
export const FILL_ALL_CARD_FIELDS_MESSAGE = 'Please fill in all credit card fields';

/**
 * The first problem with a card form, or null when it may be sent, in the order of VAL-07 and VAL-08:
 * the trial terms when the form has them, then all four fields, then the server's own checks (number, expiry, CVV)
 * from the contract's schema, so the form never sends what the server would refuse.
 */
export function firstCardProblem(card: CardFields, options: { termsAccepted?: boolean } = {}): string | null {
  if (options.termsAccepted === false) return TERMS_REQUIRED_MESSAGE;
  const fields = [card.cardholderName, card.cardNumber, card.expiryDate, card.cvv];
  if (fields.some((value) => !value.trim())) return FILL_ALL_CARD_FIELDS_MESSAGE;
  const parsed = creditCardSchema.safeParse(card);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? FILL_ALL_CARD_FIELDS_MESSAGE);
}

/** What the provider's hosted card field reports of itself: nothing typed, all typed, or its own complaint. */
export interface HostedCardState {
  empty: boolean;
  complete: boolean;
  /** The provider's words for what is wrong with what was typed ("Your card number is invalid."). */
  error: string | null;
}

export const EMPTY_HOSTED_CARD: HostedCardState = { empty: true, complete: false, error: null };

/**
 * The same checks in the same order for a card typed into the provider's hosted field: the trial terms, then the
 * cardholder name and the card all filled in, then the provider's own complaint about the card.
 */
export function firstHostedCardProblem(
  cardholderName: string,
  card: HostedCardState,
  options: { termsAccepted?: boolean } = {},
): string | null {
  if (options.termsAccepted === false) return TERMS_REQUIRED_MESSAGE;
  if (!cardholderName.trim() || card.empty) return FILL_ALL_CARD_FIELDS_MESSAGE;
  if (card.error) return card.error;
  return card.complete ? null : FILL_ALL_CARD_FIELDS_MESSAGE;
}
