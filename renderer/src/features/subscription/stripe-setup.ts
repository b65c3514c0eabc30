import { ErrorMessages } from '@shrinkly/contract';
import type { Stripe, StripeCardElementOptions, StripeError } from '@stripe/stripe-js';
import type { HostedCardState } from './card-validation';

/** POST /api/stripe/setup-intent's answer: what Stripe.js confirms the card with, and the key it is loaded with. */
export interface SetupIntentGrant {
  clientSecret: string;
  publishableKey: string;
}

/** What the card field needs from outside; the tests give a fake Stripe. */
export interface StripeCardDeps {
  requestSetupIntent: () => Promise<SetupIntentGrant>;
  /** Stripe.js for the key; null where it cannot run. */
  loadStripe: (publishableKey: string) => Promise<Stripe | null>;
}

/** A card Stripe refused or could not check, in words for the card holder. */
export class StripeCardError extends Error {
  override name = 'StripeCardError';
}

export const STRIPE_UNAVAILABLE_MESSAGE = 'The secure card form could not be loaded. Check your connection and try again.';
const CARD_NOT_CHECKED_MESSAGE = 'Your card could not be checked. Please try again.';

/** Stripe's own words for a refused or mistyped card; anything else (network, Stripe's fault) as a plain retry. */
export function stripeErrorMessage(error: Pick<StripeError, 'type' | 'message'>): string {
  if (error.type === 'card_error') return error.message ?? ErrorMessages.cardDeclined;
  if (error.type === 'validation_error') return error.message ?? CARD_NOT_CHECKED_MESSAGE;
  return CARD_NOT_CHECKED_MESSAGE;
}

/** Stripe's card field, mounted in the page. */
export interface StripeCard {
  /**
   * Confirms the SetupIntent with the card typed into Stripe's field and the cardholder's name: the new payment
   * method's id, or a StripeCardError in Stripe's words.
   */
  confirm: (cardholderName: string) => Promise<string>;
  /** Locks the field while the card is being sent, and unlocks it. */
  setDisabled: (disabled: boolean) => void;
  /** Takes the field out of the page. */
  destroy: () => void;
}

/**
 * The card step with Stripe: a SetupIntent from our server, Stripe.js loaded with its publishable key, and Stripe's
 * card field (number, expiry, CVC in Stripe's own frame) mounted in `target`. The card number goes to Stripe only;
 * our server later gets the payment method's id.
 */
export async function mountStripeCard(
  target: HTMLElement,
  deps: StripeCardDeps,
  onChange: (state: HostedCardState) => void,
  options: StripeCardElementOptions = {},
): Promise<StripeCard> {
  const grant = await deps.requestSetupIntent();
  const stripe = await deps.loadStripe(grant.publishableKey).catch(() => null);
  if (!stripe) throw new StripeCardError(STRIPE_UNAVAILABLE_MESSAGE);
  const card = stripe.elements().create('card', { hidePostalCode: true, ...options });
  card.on('change', (event) => onChange({ empty: event.empty, complete: event.complete, error: event.error?.message ?? null }));
  card.mount(target);

  let clientSecret: string | null = grant.clientSecret;
  return {
    async confirm(cardholderName) {
      // A SetupIntent is confirmed once: after a success (when the trial itself was then refused), a new one is asked for.
      const secret = clientSecret ?? (await deps.requestSetupIntent()).clientSecret;
      clientSecret = secret;
      const result = await stripe.confirmCardSetup(secret, {
        payment_method: { card, billing_details: { name: cardholderName.trim() } },
      });
      if (result.error) throw new StripeCardError(stripeErrorMessage(result.error));
      clientSecret = null;
      const method = result.setupIntent.payment_method;
      if (!method) throw new StripeCardError(CARD_NOT_CHECKED_MESSAGE);
      return typeof method === 'string' ? method : method.id;
    },
    setDisabled: (disabled) => card.update({ disabled }),
    destroy: () => card.destroy(),
  };
}
