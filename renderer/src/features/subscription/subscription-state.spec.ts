import type { SubscriptionDetails } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import {
  cardPlanOptions,
  checkoutMethodsOf,
  isCanceledWithPremium,
  isSubscribed,
  isTrialing,
  paymentStep,
  resumesWith,
  trialSchedule,
} from './subscription-state';

const NEW_ACCOUNT: SubscriptionDetails = {
  plan: 'free',
  status: 'none',
  provider: null,
  checkoutProvider: 'sandbox',
  paymentMethods: { card: 'form', paypal: true },
  trialEndDate: null,
  nextBillingDate: null,
  accessEndsAt: null,
  price: 3.99,
  card: null,
  canCancel: false,
  canReactivate: false,
};
const CARD = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2039 };
const TRIAL: SubscriptionDetails = {
  ...NEW_ACCOUNT,
  plan: 'trial',
  status: 'trial',
  provider: 'sandbox',
  trialEndDate: '2026-03-08T12:00:00.000Z',
  nextBillingDate: '2026-03-08T12:00:00.000Z',
  card: CARD,
  canCancel: true,
};
const STRIPE = { card: 'stripe', paypal: false } as const;
const PAYPAL = { card: null, paypal: true } as const;

describe('isTrialing', () => {
  it('a running trial has nothing to buy; a canceled one, or one that ran out, has', () => {
    expect(isTrialing(TRIAL)).toBe(true);
    expect(isSubscribed(TRIAL)).toBe(false);
    const canceled = { ...TRIAL, status: 'canceled', nextBillingDate: null, canCancel: false, canReactivate: true } as const;
    expect(isTrialing(canceled)).toBe(false);
    expect(isCanceledWithPremium(canceled)).toBe(false);
    expect(isTrialing({ ...TRIAL, plan: 'free', status: 'expired' })).toBe(false);
    expect(isTrialing({ ...TRIAL, plan: 'premium', status: 'active' })).toBe(false);
  });
});

describe('resumesWith', () => {
  const canceled: SubscriptionDetails = {
    ...NEW_ACCOUNT,
    plan: 'premium',
    status: 'canceled',
    canReactivate: true,
    accessEndsAt: '2026-04-01T00:00:00.000Z',
  };
  const visa = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2039 };

  it('takes a canceled plan up again with the card on file, or with PayPal where there is none and PayPal is taken', () => {
    expect(resumesWith({ ...canceled, card: visa })).toBe('reactivate');
    expect(resumesWith(canceled)).toBe('paypal');
    expect(resumesWith({ ...canceled, paymentMethods: { card: 'stripe', paypal: false } })).toBe('reactivate');
  });
});

describe('paymentStep', () => {
  it('offers nothing to buy to a paid plan or a running trial, the way back to a canceled plan, else a new plan', () => {
    expect(paymentStep({ ...TRIAL, plan: 'premium', status: 'active' })).toBe('subscribed');
    expect(paymentStep({ ...TRIAL, plan: 'premium', status: 'past_due' })).toBe('subscribed');
    expect(paymentStep(TRIAL)).toBe('trialing');
    const canceled = { ...NEW_ACCOUNT, plan: 'premium', status: 'canceled', canReactivate: true } as const;
    expect(paymentStep({ ...canceled, card: CARD })).toBe('reactivate');
    expect(paymentStep(canceled)).toBe('resume-with-paypal');
    expect(paymentStep(NEW_ACCOUNT)).toBe('new-plan');
    expect(paymentStep({ ...TRIAL, plan: 'free', status: 'expired' })).toBe('new-plan');
  });
});

describe('trialSchedule', () => {
  it("says when the trial ends and when the first month's price is charged", () => {
    expect(trialSchedule({ ...TRIAL, nextBillingDate: '2026-03-09T12:00:00.000Z' })).toBe(
      'Your free trial ends on March 8, 2026. The first $3.99 is charged on March 9, 2026, unless you cancel before then.',
    );
  });

  it('leaves out a date the server does not give', () => {
    expect(trialSchedule({ ...TRIAL, nextBillingDate: null })).toBe('Your free trial ends on March 8, 2026.');
    expect(trialSchedule({ ...TRIAL, trialEndDate: null, nextBillingDate: null })).toBe('');
  });
});

describe('checkoutMethodsOf', () => {
  it("offers what the server takes: the sandbox's card form and PayPal, Stripe's card fields, or PayPal alone", () => {
    expect(checkoutMethodsOf(NEW_ACCOUNT)).toEqual({ card: 'form', paypal: true });
    expect(checkoutMethodsOf({ provider: null, paymentMethods: STRIPE })).toEqual(STRIPE);
    expect(checkoutMethodsOf({ provider: null, paymentMethods: PAYPAL })).toEqual(PAYPAL);
  });

  it('keeps an account whose plan PayPal bills on PayPal, while the server takes PayPal', () => {
    expect(checkoutMethodsOf({ provider: 'sandbox-paypal', paymentMethods: NEW_ACCOUNT.paymentMethods })).toEqual(PAYPAL);
    expect(checkoutMethodsOf({ provider: 'paypal', paymentMethods: PAYPAL })).toEqual(PAYPAL);
    expect(checkoutMethodsOf({ provider: 'sandbox', paymentMethods: NEW_ACCOUNT.paymentMethods })).toEqual({
      card: 'form',
      paypal: true,
    });
    // A server that no longer takes PayPal offers what it takes.
    expect(checkoutMethodsOf({ provider: 'paypal', paymentMethods: STRIPE })).toEqual(STRIPE);
  });
});

describe('cardPlanOptions', () => {
  it('Premium now by card, or the trial first while it is unused, whatever the provider', () => {
    expect(cardPlanOptions(NEW_ACCOUNT)).toEqual({ offer: 'card-or-trial' });
    expect(cardPlanOptions({ ...NEW_ACCOUNT, checkoutProvider: 'stripe', paymentMethods: STRIPE })).toEqual({
      offer: 'card-or-trial',
    });
    expect(cardPlanOptions({ ...NEW_ACCOUNT, status: 'expired', card: CARD })).toEqual({ offer: 'card' });
    expect(cardPlanOptions({ ...TRIAL, status: 'canceled', checkoutProvider: 'stripe', paymentMethods: STRIPE })).toEqual({
      offer: 'card',
    });
  });
});
