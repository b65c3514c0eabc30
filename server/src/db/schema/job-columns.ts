import { bigint, integer, text } from 'drizzle-orm/pg-core';
import { createdAt, moment, rowId } from './columns.js';

/**
 * The columns every job table has: the upload, its result, and the job's run (claimed by one worker at a time, see
 * jobs/job-records.ts). `statuses` are the table's own; each has queued, processing, completed and failed.
 */
export function jobColumns<S extends Readonly<[string, ...string[]]>>(statuses: S) {
  return {
    id: rowId(),
    status: text('status', { enum: statuses }).notNull(),
    /** The client's name for the file: display only, never a path. */
    fileName: text('file_name').notNull(),
    /** Real type read from the content. */
    inputFormat: text('input_format').notNull(),
    inputBlob: text('input_blob'),
    originalSize: bigint('original_size', { mode: 'number' }).notNull(),
    outputBlob: text('output_blob'),
    outputFormat: text('output_format'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    /** Times the job was started and not handed back by a stopping process. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    startedAt: moment('started_at'),
    finishedAt: moment('finished_at'),
    /** When the sweeper removes the job and its files. */
    expiresAt: moment('expires_at').notNull(),
  };
}
