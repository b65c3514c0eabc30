import { CONVERSION_STATUSES } from '@shrinkly/contract';
import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { jobColumns } from './job-columns.js';

/**
 * One conversion by the free converter (no account). Status: queued → processing → completed | failed. The job and
 * its files are removed by the sweeper at `expiresAt`, 24 hours after upload. `outputFormat` is the target, or zip
 * for a multi-page PDF turned into pictures.
 */
export const conversionJobs = pgTable(
  'conversion_jobs',
  {
    ...jobColumns(CONVERSION_STATUSES),
    targetFormat: text('target_format').notNull(),
    convertedSize: bigint('converted_size', { mode: 'number' }),
  },
  (t) => [index('conversion_jobs_status_idx').on(t.status), index('conversion_jobs_expires_at_idx').on(t.expiresAt)],
);

export type ConversionJobRow = typeof conversionJobs.$inferSelect;
