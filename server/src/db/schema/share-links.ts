import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, moment, rowId } from './columns.js';
import { files } from './files.js';

/**
 * Share links to a file of My Files: several per file, each with its own expiry, optional password and download
 * limit, and its count. Deleted with the file.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: rowId(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** 128-bit random, base64url: the link's address. */
    token: text('token').notNull().unique(),
    expiresAt: moment('expires_at').notNull(),
    /** argon2id hash of the optional password (as account passwords); null for none. */
    passwordHash: text('password_hash'),
    /** Null for no limit. */
    maxDownloads: integer('max_downloads'),
    downloads: integer('downloads').notNull().default(0),
    /** Wrong passwords in a row; the link locks for a while after too many. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: moment('locked_until'),
    createdAt: createdAt(),
    revokedAt: moment('revoked_at'),
  },
  (t) => [index('share_links_file_idx').on(t.fileId)],
);

export type ShareLinkRow = typeof shareLinks.$inferSelect;
