import type { SubscriptionDetails } from '@shrinkly/contract';

/** A paid plan that renews (or is retrying its renewal): nothing to buy. */
export function isSubscribed(details: SubscriptionDetails): boolean {
  return details.status === 'active' || details.status === 'past_due';
}

/** A canceled paid plan whose period still runs: reactivating it costs nothing until the period ends. */
export function isCanceledWithPremium(details: SubscriptionDetails): boolean {
  return details.status === 'canceled' && details.plan === 'premium' && details.canReactivate;
}

/** PayPal bills this account's plan, or takes new subscriptions on this server; otherwise a card does. */
export function paysWithPaypal(details: SubscriptionDetails): boolean {
  return (details.provider ?? details.checkoutProvider) === 'paypal';
}

/**
 * Where this server takes a new card: typed into SPEC's card form, posted to our server (the sandbox), or typed
 * into Stripe's own hosted fields, so the number never reaches our server (DESIGN "Security rules").
 */
export type CardEntry = 'typed' | 'stripe';

export function cardEntryOf(details: Pick<SubscriptionDetails, 'checkoutProvider'>): CardEntry {
  return details.checkoutProvider === 'stripe' ? 'stripe' : 'typed';
}

/**
 * What /subscribe offers an account that pays by card and has no plan to keep:
 * - `card`: Premium now, with the card on file in one click or, where cards are typed, a new card;
 * - `trial`: only the trial card step. With Stripe a new card is set up by the trial's SetupIntent, and the server
 *   cannot yet subscribe with a payment method made there, so an account with no card on file starts with the trial;
 * - `card-or-trial`: Premium now (as `card`), or the free trial first, once per account.
 * `newCard` says whether Premium now may be paid with a card typed on the page.
 */
export function cardPlanOptions(details: SubscriptionDetails): { offer: 'card' | 'trial' | 'card-or-trial'; newCard: boolean } {
  const newCard = cardEntryOf(details) === 'typed';
  const trialLeft = details.status === 'none';
  if (!newCard && !details.card && trialLeft) return { offer: 'trial', newCard };
  return { offer: trialLeft ? 'card-or-trial' : 'card', newCard };
}
