import { COMPRESSION_LEVELS, FILE_STATUSES } from '@shrinkly/contract';
import { bigint, boolean, doublePrecision, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { batches } from './batches.js';
import { createdAt, moment, rowId } from './columns.js';
import { folders } from './folders.js';
import { ownerId } from './users.js';

/**
 * A file in a user's My Files. It is created `processing` when the upload arrives and becomes `ready` when its
 * compression has stored the smaller result; only ready files are listed and count toward storage.
 */
export const files = pgTable(
  'files',
  {
    id: rowId(),
    userId: ownerId(),
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    batchId: uuid('batch_id').references(() => batches.id, { onDelete: 'set null' }),
    /** 'processing' | 'ready' */
    status: text('status', { enum: FILE_STATUSES }).notNull(),
    /** The client's name (display only, never a path); renamed freely. */
    name: text('name').notNull(),
    /** Real type of the stored bytes, as an extension. */
    format: text('format').notNull(),
    level: text('level', { enum: COMPRESSION_LEVELS }).notNull(),
    /** The upload while processing, then the stored result. */
    blobKey: text('blob_key').notNull(),
    originalSize: bigint('original_size', { mode: 'number' }).notNull(),
    /** Bytes stored; null while processing. */
    storedSize: bigint('stored_size', { mode: 'number' }),
    isCompressed: boolean('is_compressed').notNull().default(false),
    /** The stored result's closeness to the upload (the engine's score, SSIM's scale); null while processing or unmeasured. */
    qualityScore: doublePrecision('quality_score'),
    /** Before/after renditions made when the file was compressed (JSON), deleted with the file; null for none. */
    compareBlob: text('compare_blob'),
    createdAt: createdAt(),
    /** Free accounts' files are removed at this time by the sweeper; null for kept files. */
    expiresAt: moment('expires_at'),
  },
  (t) => [index('files_user_idx').on(t.userId, t.status), index('files_expires_at_idx').on(t.expiresAt)],
);

export type FileRow = typeof files.$inferSelect;
