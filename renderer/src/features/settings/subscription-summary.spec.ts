import type { SubscriptionDetails } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { cancellationTerms, subscriptionSummary } from './subscription-summary';

const trial: SubscriptionDetails = {
  plan: 'trial',
  status: 'trial',
  provider: 'sandbox',
  checkoutProvider: 'sandbox',
  paymentMethods: { card: 'form', paypal: true },
  trialEndDate: '2026-03-08T12:00:00.000Z',
  nextBillingDate: '2026-03-08T12:00:00.000Z',
  accessEndsAt: null,
  price: 3.99,
  card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2039 },
  canCancel: true,
  canReactivate: false,
};

/** The trial canceled, its access ending April 1, 2026: still Premium until then, or Free once it ran out. */
const canceledOn = (plan: 'premium' | 'free'): SubscriptionDetails => ({
  ...trial,
  plan,
  status: 'canceled',
  nextBillingDate: null,
  accessEndsAt: '2026-04-01T00:00:00.000Z',
  card: null,
});

describe('subscriptionSummary', () => {
  it('shows a trial with its end, first charge and card', () => {
    expect(subscriptionSummary(trial)).toEqual([
      { label: 'Plan', value: 'Trial' },
      { label: 'Status', value: 'Free trial' },
      { label: 'Trial ends', value: 'March 8, 2026' },
      { label: 'Next billing date', value: 'March 8, 2026' },
      { label: 'Price', value: '$3.99/month' },
      { label: 'Card', value: 'Visa ending in 4242 (expires 12/39)' },
    ]);
  });

  it('shows when a canceled plan ends, and nothing to bill', () => {
    expect(subscriptionSummary(canceledOn('premium')).map((row) => row.label)).toEqual([
      'Plan',
      'Status',
      'Access ends',
      'Price',
    ]);
  });

  it('shows a canceled plan whose access ran out as free, with when it ended and no price', () => {
    expect(subscriptionSummary(canceledOn('free'))).toEqual([
      { label: 'Plan', value: 'Free' },
      { label: 'Status', value: 'Canceled' },
      { label: 'Access ended', value: 'April 1, 2026' },
    ]);
  });

  it('shows a free account as Free with no subscription', () => {
    const free = { ...trial, plan: 'free', status: 'none', trialEndDate: null, nextBillingDate: null, card: null } as const;
    expect(subscriptionSummary(free)).toEqual([
      { label: 'Plan', value: 'Free' },
      { label: 'Status', value: 'No subscription' },
    ]);
  });
});

describe('cancellationTerms', () => {
  it('promises no charge for a trial, with access to its end', () => {
    expect(cancellationTerms(trial)).toBe(
      'You will not be charged. Your free trial stays active until March 8, 2026, then your account moves to the Free plan.',
    );
  });

  it('keeps Premium to the end of the paid period', () => {
    const active = { ...trial, plan: 'premium', status: 'active', nextBillingDate: '2026-04-07T12:00:00.000Z' } as const;
    expect(cancellationTerms(active)).toContain('You will not be charged again. You keep Premium until April 7, 2026');
  });
});
