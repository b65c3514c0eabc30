import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

/**
 * Chunked uploads not assembled yet, each bound at its first chunk to who started it (an account, or a visitor's
 * address): only they may send its other chunks or assemble it, and what they have open counts against their caps.
 */
export const chunkUploads = pgTable(
  'chunk_uploads',
  {
    uploadId: text('upload_id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    declaredBytes: bigint('declared_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('chunk_uploads_address_idx').on(t.address),
    index('chunk_uploads_user_idx').on(t.userId),
    index('chunk_uploads_created_at_idx').on(t.createdAt),
  ],
);

export type ChunkUploadRow = typeof chunkUploads.$inferSelect;
