import { CONVERSION_STATUSES } from '@shrinkly/contract';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One conversion by the free converter (no account). Status: queued → processing → completed | failed. The job and
 * its files are removed by the sweeper at `expiresAt`, 24 hours after upload.
 */
export const conversionJobs = pgTable(
  'conversion_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: CONVERSION_STATUSES }).notNull(),
    /** The client's name for the file: display only, never a path. */
    fileName: text('file_name').notNull(),
    /** Real type read from the content. */
    inputFormat: text('input_format').notNull(),
    targetFormat: text('target_format').notNull(),
    inputBlob: text('input_blob'),
    originalSize: bigint('original_size', { mode: 'number' }).notNull(),
    outputBlob: text('output_blob'),
    /** The target, or zip for a multi-page PDF turned into pictures. */
    outputFormat: text('output_format'),
    convertedSize: bigint('converted_size', { mode: 'number' }),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('conversion_jobs_status_idx').on(t.status), index('conversion_jobs_expires_at_idx').on(t.expiresAt)],
);

export type ConversionJobRow = typeof conversionJobs.$inferSelect;
