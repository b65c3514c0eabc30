import { index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { compressionJobs } from './compression-jobs.js';
import { users } from './users.js';

/**
 * The payments ledger: one row per completed payment, kept when the job or account is gone (the admin revenue
 * view reads it), so its references are set null rather than deleted. No card data is ever stored here.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'compression' (pay per file) or 'subscription'. */
    kind: text('kind').notNull(),
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Visitors pay without an account: the job is what they paid for. */
    jobId: uuid('job_id').references(() => compressionJobs.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_created_at_idx').on(t.createdAt)],
);

export type PaymentRow = typeof payments.$inferSelect;
