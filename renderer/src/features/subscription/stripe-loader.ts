import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

/**
 * Stripe.js for a publishable key, through Stripe's official loader: it adds Stripe's script (js.stripe.com/v3)
 * to the page the first time, then reuses it. The `pure` entry loads nothing until it is called, so only a server
 * whose payment provider is Stripe ever loads it. Null where Stripe.js cannot run.
 */
export function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  return loadStripe(publishableKey);
}
