import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { files } from './files.js';

/**
 * Share links to a file of My Files: several per file, each with its own expiry, optional password and download
 * limit, and its count. Deleted with the file.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** 128-bit random, base64url: the link's address. */
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** argon2id hash of the optional password (as account passwords); null for none. */
    passwordHash: text('password_hash'),
    /** Null for no limit. */
    maxDownloads: integer('max_downloads'),
    downloads: integer('downloads').notNull().default(0),
    /** Wrong passwords in a row; the link locks for a while after too many. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('share_links_file_idx').on(t.fileId)],
);

export type ShareLinkRow = typeof shareLinks.$inferSelect;
