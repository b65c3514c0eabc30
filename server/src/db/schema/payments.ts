import { index, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, rowId } from './columns.js';
import { compressionJobs } from './compression-jobs.js';
import { users } from './users.js';

/**
 * The payments ledger: one row per charge (succeeded, failed, or pending while the provider answers) and per refund,
 * kept when the job or account is gone (the admin revenue view reads it), so its references are set null rather
 * than deleted. Amounts are exact decimals in dollars (numeric(10,2): cents, never floats). No card data is ever
 * stored here.
 */
export const payments = pgTable(
  'payments',
  {
    id: rowId(),
    /** 'compression' (pay per file), 'subscription' or 'refund' (amount positive, subtracted from revenue). */
    kind: text('kind', { enum: ['compression', 'subscription', 'refund'] }).notNull(),
    /** Only 'succeeded' rows are revenue. A 'pending' row claims its charge before the provider is asked. */
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('succeeded'),
    /** Subscriptions: the period and attempt a charge is for (`2026-07-01T00:00:00.000Z#1`), unique per account. */
    periodKey: text('period_key'),
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Visitors pay without an account: the job is what they paid for. */
    jobId: uuid('job_id').references(() => compressionJobs.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('payments_created_at_idx').on(t.createdAt), uniqueIndex('payments_user_period_idx').on(t.userId, t.periodKey)],
);

export type PaymentRow = typeof payments.$inferSelect;
