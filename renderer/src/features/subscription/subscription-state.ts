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
