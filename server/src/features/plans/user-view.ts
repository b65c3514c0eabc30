import { STORAGE_LIMIT_BYTES, type SubscriptionStatus, type User } from '@shrinkly/contract';
import type { UserRow } from '../../db/schema/index.js';

/** The API's User from a database row. Trial and subscription flags are derived from the stored status and dates. */
export function toUserView(row: UserRow, now: Date): User {
  const status = row.subscriptionStatus as SubscriptionStatus;
  const isTrialActive = status === 'trial' && row.trialEndsAt !== null && row.trialEndsAt > now;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    isTrialActive,
    isSubscribed: status === 'active',
    trialEndDate: row.trialEndsAt?.toISOString() ?? null,
    subscriptionStatus: status === 'trial' && !isTrialActive ? 'expired' : status,
    storageUsed: row.storageUsed,
    storageLimit: STORAGE_LIMIT_BYTES,
    createdAt: row.createdAt.toISOString(),
  };
}
