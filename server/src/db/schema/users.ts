import { SUBSCRIPTION_STATUSES } from '@shrinkly/contract';
import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
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
  /** Sum of the user's ready files' stored bytes, recomputed with every change to them. */
  storageUsed: bigint('storage_used', { mode: 'number' }).notNull().default(0),
  /** The card on file: the provider's token and what a receipt shows. Never the number or CVV. */
  cardToken: text('card_token'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardExpMonth: integer('card_exp_month'),
  cardExpYear: integer('card_exp_year'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
