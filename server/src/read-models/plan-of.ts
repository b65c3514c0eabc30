import {
  FREE_COMPRESSION_LIMIT_BYTES,
  GRACE_PERIOD_DAYS,
  MAX_FILE_SIZE_BYTES,
  PAY_PER_FILE_PRICE_USD,
  type Plan,
  STORAGE_LIMIT_BYTES,
  type SubscriptionStatus,
} from '@shrinkly/contract';
import { addDays } from '../common/billing-calendar.js';
import type { UserRow } from '../db/schema/index.js';

/** What an account (or a visitor, with no account) may do right now. */
export interface PlanAccess {
  plan: Plan;
  /** The stored status as the API shows it: a trial past its end reads 'expired'. */
  subscriptionStatus: SubscriptionStatus;
  isTrialActive: boolean;
  isSubscribed: boolean;
  limits: {
    /** Largest file accepted at all. */
    maxFileBytes: number;
    /** Files under this size are compressed without payment; 0 when no size costs money. */
    freeCompressionBytes: number;
    /** Largest upload to My Files (free accounts stop under the free limit). */
    maxLibraryUploadBytes: number;
    storageBytes: number;
  };
  /** Batch compression of up to BATCH_MAX_FILES files. */
  mayBatch: boolean;
  /** My Files keeps files for good; otherwise they are removed after TEMPORARY_FILE_TTL_MS. */
  mayStore: boolean;
  /** USD for one compression of `size` bytes on the landing page: PAY_PER_FILE_PRICE_USD at and over the free limit. */
  pricePerFile(size: number): number;
}

/**
 * The one plan rule: every check of what a user may do (upload sizes, payment, batch, permanent storage) and the
 * trial and subscription flags of the API's User come from here. `user` is null for a visitor.
 */
export function planOf(
  user: Pick<UserRow, 'subscriptionStatus' | 'trialEndsAt' | 'currentPeriodEnd'> | null,
  now: Date,
): PlanAccess {
  const status: SubscriptionStatus = user?.subscriptionStatus ?? 'none';
  const trialRunning = user?.trialEndsAt != null && user.trialEndsAt > now;
  const paidRunning = user?.currentPeriodEnd != null && user.currentPeriodEnd > now;
  const inGrace = user?.currentPeriodEnd != null && addDays(user.currentPeriodEnd, GRACE_PERIOD_DAYS) > now;
  // Premium only while a paid period covers now, whatever the status says: active or past due within the grace after
  // the period end (a renewal being charged or retried, or a provider's report on its way); canceled until the period
  // ends. A status nothing renews lapses by its dates.
  const isSubscribed = ((status === 'active' || status === 'past_due') && inGrace) || (status === 'canceled' && paidRunning);
  // Trial: running, or canceled (never charged) until its end.
  const isTrialActive =
    !isSubscribed && trialRunning && (status === 'trial' || (status === 'canceled' && user?.currentPeriodEnd == null));
  const premium = isTrialActive || isSubscribed;
  return {
    plan: isSubscribed ? 'premium' : isTrialActive ? 'trial' : 'free',
    subscriptionStatus: status === 'trial' && !isTrialActive ? 'expired' : status,
    isTrialActive,
    isSubscribed,
    limits: {
      maxFileBytes: MAX_FILE_SIZE_BYTES,
      freeCompressionBytes: premium ? MAX_FILE_SIZE_BYTES : FREE_COMPRESSION_LIMIT_BYTES,
      maxLibraryUploadBytes: premium ? MAX_FILE_SIZE_BYTES : FREE_COMPRESSION_LIMIT_BYTES - 1,
      storageBytes: STORAGE_LIMIT_BYTES,
    },
    mayBatch: premium,
    mayStore: premium,
    pricePerFile: (size) => (!premium && size >= FREE_COMPRESSION_LIMIT_BYTES ? PAY_PER_FILE_PRICE_USD : 0),
  };
}
