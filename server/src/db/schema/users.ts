import { METADATA_CHOICES, SUBSCRIPTION_STATUSES } from '@shrinkly/contract';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored lower-case and trimmed, so uniqueness is case-insensitive. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    /** Carried in every token; raising it ends all older sessions. */
    tokenVersion: integer('token_version').notNull().default(0),
    subscriptionStatus: text('subscription_status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('none'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    subscriptionStartedAt: timestamp('subscription_started_at', { withTimezone: true }),
    /** The end of the paid period: premium lasts until then (renewed, or canceled and running out). */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** What pictures keep of their metadata when an upload names no choice ('strip' or 'camera'). */
    photoData: text('photo_data', { enum: METADATA_CHOICES }).notNull().default('strip'),
    /** When the scheduler next charges (trial end, renewal, retry of a failed renewal); null when nothing is due. */
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    /** Failed charges of the period being renewed. */
    renewalAttempts: integer('renewal_attempts').notNull().default(0),
    /** Who charges the plan: null (our scheduler, with the card on file) or the provider that bills it ('paypal', 'stripe'). */
    billingProvider: text('billing_provider'),
    /** The provider's subscription id, when the provider bills the plan. */
    providerSubscriptionId: text('provider_subscription_id'),
    /**
     * Raised by every change of the plan columns: a charge is claimed for the plan as it was read (its revision), so
     * two requests (or a request and a tick) that start from the same plan charge once, and a write made from a plan
     * read before another change is refused instead of undoing it.
     */
    planRevision: integer('plan_revision').notNull().default(0),
    /**
     * A change of the plan that waits on a payment provider (a charge, a subscription started, read or ended) holds the
     * plan until it is done: its token and until when. Any other change meanwhile is refused; a holder that died lets go
     * when the time is up.
     */
    planLease: text('plan_lease'),
    planLeaseUntil: timestamp('plan_lease_until', { withTimezone: true }),
    /** When the "trial ends in 2 days" email went out, so it goes once. */
    trialReminderSentAt: timestamp('trial_reminder_sent_at', { withTimezone: true }),
    /** Sum of the user's ready files' stored bytes, recomputed with every change to them. */
    storageUsed: bigint('storage_used', { mode: 'number' }).notNull().default(0),
    /** The card on file: the provider's token and what a receipt shows. Never the number or CVV. */
    cardToken: text('card_token'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last successful sign-in (shown to staff); null until the first one. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [index('users_next_charge_at_idx').on(t.nextChargeAt), index('users_created_at_idx').on(t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
