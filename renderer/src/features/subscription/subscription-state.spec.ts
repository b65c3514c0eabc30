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
  it('sandbox: Premium now with the card form, or the trial first while it is unused', () => {
    expect(cardPlanOptions(NEW_ACCOUNT)).toEqual({ offer: 'card-or-trial', newCard: true });
    expect(cardPlanOptions({ ...NEW_ACCOUNT, status: 'expired', card: CARD })).toEqual({ offer: 'card', newCard: true });
  });

  it('Stripe: a new account without a card starts with the trial, whose card step sets the card up at Stripe', () => {
    expect(cardPlanOptions({ ...NEW_ACCOUNT, checkoutProvider: 'stripe' })).toEqual({ offer: 'trial', newCard: false });
  });

  it('Stripe: the card on file pays Premium in one click; no card is typed on the page', () => {
    const stripe = { ...NEW_ACCOUNT, checkoutProvider: 'stripe', provider: 'stripe' };
    expect(cardPlanOptions({ ...stripe, status: 'trial', plan: 'trial', card: CARD })).toEqual({ offer: 'card', newCard: false });
    expect(cardPlanOptions({ ...stripe, status: 'expired', card: null })).toEqual({ offer: 'card', newCard: false });
  });
});
