import { bigint, pgTable, uuid } from 'drizzle-orm/pg-core';
import { moment } from './columns.js';

/**
 * One row per finished compression, for the service's statistics (GET /api/service-stats). Written once per job
 * (the job's id is the key) and never swept with the jobs: visitors' jobs go after a day, the totals stay.
 */
export const compressionTally = pgTable('compression_tally', {
  /** The compression job's id; no reference, since the job row goes long before the tally. */
  jobId: uuid('job_id').primaryKey(),
  originalSize: bigint('original_size', { mode: 'number' }).notNull(),
  /** Bytes of the result (the original's when it could not be made smaller). */
  resultSize: bigint('result_size', { mode: 'number' }).notNull(),
  finishedAt: moment('finished_at').notNull(),
});
