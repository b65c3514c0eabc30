import { boolean, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns.js';
import { ownerId } from './users.js';

/**
 * Every subscription our server created at a provider that bills plans itself, with the account it was made for.
 * A subscription is linked to an account only when its row names that account: the provider's own fields (PayPal's
 * custom_id, Stripe's metadata) are the payer's to see and are not trusted alone.
 */
export const providerSubscriptions = pgTable(
  'provider_subscriptions',
  {
    provider: text('provider').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    userId: ownerId(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subscriptionId] }), index('provider_subscriptions_user_idx').on(t.userId)],
);

/** One charge the sandbox's test-mode PayPal made for a subscription (no money moves). */
export interface SandboxCharge {
  reference: string;
  amount: number;
  currency: string;
  paidAt: string;
  periodEnd: string;
}

/**
 * The sandbox provider's own record of its test-mode PayPal subscriptions: what real PayPal keeps on its side. It
 * bills them itself at each period end (a charge in `charges`), and our server reads it back like PayPal's API.
 */
export const sandboxSubscriptions = pgTable('sandbox_subscriptions', {
  id: text('id').primaryKey(),
  /** Who it was created for (PayPal's custom_id). */
  userId: uuid('user_id').notNull(),
  /** approval_pending → active → cancelled; approval_pending → cancelled when the payer turns back. */
  status: text('status', { enum: ['approval_pending', 'active', 'cancelled'] }).notNull(),
  /** Whether it starts with the 7-day free trial (asked for at create). */
  withTrial: boolean('with_trial').notNull(),
  trialEndsAt: moment('trial_ends_at'),
  /** Billing starts then rather than at approval (a plan taken up again before the paid period ran out). */
  startsAt: moment('starts_at'),
  periodEnd: moment('period_end'),
  charges: jsonb('charges').$type<SandboxCharge[]>().notNull().default([]),
  createdAt: createdAt(),
  endedAt: moment('ended_at'),
});

export type SandboxSubscriptionRow = typeof sandboxSubscriptions.$inferSelect;
