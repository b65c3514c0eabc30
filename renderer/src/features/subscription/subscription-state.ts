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
 * What /subscribe offers an account that pays by card and has no plan to keep: Premium now (the card on file in one
 * click, or a new card: typed where the server takes cards, in Stripe's own field with Stripe), and for an account
 * that never had a plan, the free trial first (once per account).
 */
export function cardPlanOptions(details: SubscriptionDetails): { offer: 'card' | 'card-or-trial' } {
  return { offer: details.status === 'none' ? 'card-or-trial' : 'card' };
}
