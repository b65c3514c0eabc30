import {
  FREE_COMPRESSION_LIMIT_BYTES,
  MAX_FILE_SIZE_BYTES,
  PAY_PER_FILE_PRICE_USD,
  type SubscriptionStatus,
} from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { planOf } from './plan-of.js';

const now = new Date('2026-06-15T12:00:00Z');
const day = 24 * 60 * 60 * 1000;
const account = (
  subscriptionStatus: SubscriptionStatus,
  trialEndsAt: Date | null = null,
  currentPeriodEnd: Date | null = null,
) => ({
  subscriptionStatus,
  trialEndsAt,
  currentPeriodEnd,
});

describe('planOf', () => {
  it('a visitor and a new account are free: no batch, temporary files, paid at the free limit', () => {
    for (const plan of [planOf(null, now), planOf(account('none'), now)]) {
      expect(plan).toMatchObject({
        plan: 'free',
        subscriptionStatus: 'none',
        isTrialActive: false,
        isSubscribed: false,
        mayBatch: false,
        mayStore: false,
      });
      expect(plan.limits.maxLibraryUploadBytes).toBe(FREE_COMPRESSION_LIMIT_BYTES - 1);
      expect(plan.pricePerFile(FREE_COMPRESSION_LIMIT_BYTES - 1)).toBe(0);
      expect(plan.pricePerFile(FREE_COMPRESSION_LIMIT_BYTES)).toBe(PAY_PER_FILE_PRICE_USD);
    }
  });

  it('a running trial has premium access until its end, exclusive', () => {
    const ends = new Date(now.getTime() + day);
    const trial = planOf(account('trial', ends), now);
    expect(trial).toMatchObject({
      plan: 'trial',
      subscriptionStatus: 'trial',
      isTrialActive: true,
      mayBatch: true,
      mayStore: true,
    });
    expect(trial.limits.maxLibraryUploadBytes).toBe(MAX_FILE_SIZE_BYTES);
    expect(trial.pricePerFile(MAX_FILE_SIZE_BYTES)).toBe(0);
    expect(planOf(account('trial', ends), ends)).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'expired',
      isTrialActive: false,
      mayBatch: false,
    });
  });

  it('a trial without an end date is not active', () => {
    expect(planOf(account('trial', null), now)).toMatchObject({ plan: 'free', subscriptionStatus: 'expired' });
  });

  it('an active subscription is premium while its paid period covers now, whatever the trial dates say', () => {
    const premium = planOf(account('active', new Date(now.getTime() - day), new Date(now.getTime() + 20 * day)), now);
    expect(premium).toMatchObject({
      plan: 'premium',
      subscriptionStatus: 'active',
      isSubscribed: true,
      isTrialActive: false,
      mayBatch: true,
      mayStore: true,
    });
    expect(premium.pricePerFile(FREE_COMPRESSION_LIMIT_BYTES * 3)).toBe(0);
  });

  it('an active status with no paid period, or one that ended past the grace with no renewal, is free', () => {
    expect(planOf(account('active'), now)).toMatchObject({ plan: 'free', isSubscribed: false, mayBatch: false });
    const ended = new Date(now.getTime() - day);
    expect(planOf(account('active', null, ended), now)).toMatchObject({ plan: 'premium', isSubscribed: true });
    expect(planOf(account('active', null, ended), new Date(now.getTime() + 3 * day))).toMatchObject({
      plan: 'free',
      isSubscribed: false,
    });
  });

  it('canceled and expired subscriptions are free once their time is over', () => {
    for (const status of ['canceled', 'expired'] as const) {
      expect(planOf(account(status), now)).toMatchObject({
        plan: 'free',
        subscriptionStatus: status,
        mayBatch: false,
        mayStore: false,
      });
    }
  });

  it('a canceled plan keeps premium until its period ends, and a canceled trial keeps the trial until its end', () => {
    const later = new Date(now.getTime() + day);
    expect(planOf(account('canceled', null, later), now)).toMatchObject({
      plan: 'premium',
      subscriptionStatus: 'canceled',
      isSubscribed: true,
    });
    expect(planOf(account('canceled', null, later), later)).toMatchObject({ plan: 'free', isSubscribed: false });
    expect(planOf(account('canceled', later), now)).toMatchObject({
      plan: 'trial',
      subscriptionStatus: 'canceled',
      isTrialActive: true,
    });
  });

  it('a past-due plan keeps premium for the grace period after its period end', () => {
    const ended = new Date(now.getTime() - day);
    expect(planOf(account('past_due', null, ended), now)).toMatchObject({ plan: 'premium', isSubscribed: true });
    expect(planOf(account('past_due', null, ended), new Date(now.getTime() + 3 * day))).toMatchObject({
      plan: 'free',
      isSubscribed: false,
    });
  });
});
