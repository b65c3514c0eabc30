import { METADATA_CHOICES, SUBSCRIPTION_STATUSES } from '@shrinkly/contract';
import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, moment, rowId } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: rowId(),
    name: text('name').notNull(),
    /** Stored lower-case and trimmed, so uniqueness is case-insensitive. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    /** Carried in every token; raising it ends all older sessions. */
    tokenVersion: integer('token_version').notNull().default(0),
    subscriptionStatus: text('subscription_status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('none'),
    trialEndsAt: moment('trial_ends_at'),
    subscriptionStartedAt: moment('subscription_started_at'),
    /** The end of the paid period: premium lasts until then (renewed, or canceled and running out). */
    currentPeriodEnd: moment('current_period_end'),
    /** What pictures keep of their metadata when an upload names no choice ('strip' or 'camera'). */
    photoData: text('photo_data', { enum: METADATA_CHOICES }).notNull().default('strip'),
    /** When the scheduler next charges (trial end, renewal, retry of a failed renewal); null when nothing is due. */
    nextChargeAt: moment('next_charge_at'),
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
    planLeaseUntil: moment('plan_lease_until'),
    /** When the "trial ends in 2 days" email went out, so it goes once. */
    trialReminderSentAt: moment('trial_reminder_sent_at'),
    /** Sum of the user's ready files' stored bytes, recomputed with every change to them. */
    storageUsed: bigint('storage_used', { mode: 'number' }).notNull().default(0),
    /** The card on file: the provider's token and what a receipt shows. Never the number or CVV. */
    cardToken: text('card_token'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    createdAt: createdAt(),
    /** The last successful sign-in (shown to staff); null until the first one. */
    lastSignInAt: moment('last_sign_in_at'),
  },
  (t) => [index('users_next_charge_at_idx').on(t.nextChargeAt), index('users_created_at_idx').on(t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;

/** The account a row belongs to; the row goes when the account does. */
export const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
