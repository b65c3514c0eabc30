import type { SubscriptionDetails } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { cardEntryOf, cardPlanOptions } from './subscription-state';

const NEW_ACCOUNT: SubscriptionDetails = {
  plan: 'free',
  status: 'none',
  provider: null,
  checkoutProvider: 'sandbox',
  trialEndDate: null,
  nextBillingDate: null,
  accessEndsAt: null,
  price: 3.99,
  card: null,
  canCancel: false,
  canReactivate: false,
};
const CARD = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2039 };

describe('cardEntryOf', () => {
  it("takes cards in Stripe's hosted fields only when the server's provider is Stripe", () => {
    expect(cardEntryOf({ checkoutProvider: 'stripe' })).toBe('stripe');
    expect(cardEntryOf({ checkoutProvider: 'sandbox' })).toBe('typed');
  });
});

describe('cardPlanOptions', () => {
  it('Premium now by card, or the trial first while it is unused, whatever the provider', () => {
    expect(cardPlanOptions(NEW_ACCOUNT)).toEqual({ offer: 'card-or-trial' });
    expect(cardPlanOptions({ ...NEW_ACCOUNT, checkoutProvider: 'stripe' })).toEqual({ offer: 'card-or-trial' });
    expect(cardPlanOptions({ ...NEW_ACCOUNT, status: 'expired', card: CARD })).toEqual({ offer: 'card' });
    expect(cardPlanOptions({ ...NEW_ACCOUNT, checkoutProvider: 'stripe', status: 'trial', plan: 'trial', card: CARD })).toEqual({ offer: 'card' });
  });
});
