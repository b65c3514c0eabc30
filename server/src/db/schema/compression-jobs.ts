import { COMPRESSION_LEVELS, JOB_STATUSES, METADATA_CHOICES } from '@shrinkly/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { moment } from './columns.js';
import { files } from './files.js';
import { jobColumns } from './job-columns.js';
import { users } from './users.js';

/**
 * One compression of one file, from upload to download. Visitors' jobs have no user; they and their blobs are
 * removed by the sweeper at `expiresAt`. Status: queued → processing → completed | failed, or payment_required
 * first for paid files.
 */
export const compressionJobs = pgTable(
  'compression_jobs',
  {
    ...jobColumns(JOB_STATUSES),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 'public' (landing page: the result is downloaded) or 'library' (dashboard: the result becomes `fileId`). */
    kind: text('kind').notNull().default('public'),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    level: text('level', { enum: COMPRESSION_LEVELS }).notNull(),
    compressedSize: bigint('compressed_size', { mode: 'number' }),
    unchanged: boolean('unchanged'),
    recipe: text('recipe'),
    /** The result's closeness to the upload (the engine's score, SSIM's scale); null until done or when unmeasured. */
    qualityScore: doublePrecision('quality_score'),
    /** A landing result's before/after renditions (JSON, see the contract's comparison), swept with the job. */
    compareBlob: text('compare_blob'),
    /** Pictures: what the result keeps of the original's metadata ('strip' or 'camera'); null for the default. */
    metadata: text('metadata', { enum: METADATA_CHOICES }),
    /** Pictures: the longest side the result was asked for, if any. */
    maxDimension: integer('max_dimension'),
    /** PDFs: the highest resolution (pixels per inch) the result's pictures were asked to keep, if any. */
    maxImagePpi: integer('max_image_ppi'),
    /** The size the result was asked to fit under, if any. */
    targetBytes: bigint('target_bytes', { mode: 'number' }),
    /** The user's consent to a result under the target below the level's quality floor (audio and video). */
    belowFloor: boolean('below_floor').notNull().default(false),
    /** How that went, once done: whether the result fits, and the level that gave it ('original' when it fit already). */
    targetMet: boolean('target_met'),
    targetLevel: text('target_level', { enum: ['original', 'light', 'balanced', 'maximum'] }),
    /** Met below that level's floor, as the consent allowed. */
    targetBelowFloor: boolean('target_below_floor'),
    requiresPayment: boolean('requires_payment').notNull().default(false),
    paymentAmount: numeric('payment_amount', { precision: 10, scale: 2, mode: 'number' }),
    paidAt: moment('paid_at'),
    /** The provider's own checkout of this job's payment (a Stripe Checkout Session, a PayPal order), once made. */
    checkoutReference: text('checkout_reference'),
    /** Where that checkout is opened, kept so each look at the job answers the same checkout instead of a new one. */
    checkoutUrl: text('checkout_url'),
    /** When the download link stops working. */
    downloadExpiresAt: moment('download_expires_at'),
    /** The uploader's address, kept while the job waits for payment: unpaid uploads are capped per address. */
    clientAddress: text('client_address'),
  },
  (t) => [
    index('compression_jobs_status_idx').on(t.status),
    index('compression_jobs_expires_at_idx').on(t.expiresAt),
    index('compression_jobs_unpaid_address_idx').on(t.clientAddress).where(sql`${t.status} = 'payment_required'`),
  ],
);

export type CompressionJobRow = typeof compressionJobs.$inferSelect;
