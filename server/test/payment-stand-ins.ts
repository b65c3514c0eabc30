import { PaypalFake } from './fakes/paypal-fake.js';
import { type StripeFake, startStripeFake } from './fakes/stripe-fake.js';
import { useStarted } from './harness.js';

/**
 * The Stripe stand-in (see `startStripeFake`) for the enclosing describe block, started before its tests and closed
 * after them: the fake and the environment that points an app at it.
 */
export function useStripeFake(tag: string): { fake: StripeFake; env: Record<string, string> } {
  return useStarted(
    'the Stripe stand-in',
    () => startStripeFake(tag),
    ({ fake }) => fake.close(),
  );
}

/** The local PayPal for the enclosing describe block, started before its tests and closed after them. */
export function useLocalPaypal(): PaypalFake {
  return useStarted(
    'the local PayPal',
    () => PaypalFake.start(),
    (paypal) => paypal.close(),
  );
}
