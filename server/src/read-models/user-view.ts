import type { User } from '@shrinkly/contract';
import type { UserRow } from '../db/schema/index.js';
import { planOf } from './plan-of.js';

/** The columns the API's User is made of. */
export type UserViewColumns = Pick<
  UserRow,
  'id' | 'name' | 'email' | 'subscriptionStatus' | 'trialEndsAt' | 'currentPeriodEnd' | 'storageUsed' | 'createdAt' | 'photoData'
>;

/** The API's User from a database row; the trial and subscription flags come from the plan rule. */
export function toUserView(row: UserViewColumns, now: Date): User {
  const plan = planOf(row, now);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    isTrialActive: plan.isTrialActive,
    isSubscribed: plan.isSubscribed,
    trialEndDate: row.trialEndsAt?.toISOString() ?? null,
    subscriptionStatus: plan.subscriptionStatus,
    storageUsed: row.storageUsed,
    storageLimit: plan.limits.storageBytes,
    createdAt: row.createdAt.toISOString(),
    photoData: row.photoData,
  };
}
