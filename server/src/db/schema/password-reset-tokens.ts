import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from './admins.js';
import { users } from './users.js';

/** Single-use reset links. Only the SHA-256 of the token is stored. Exactly one of userId / adminId is set. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('password_reset_tokens_expires_at_idx').on(t.expiresAt),
    check('password_reset_tokens_one_subject', sql`(${t.userId} is null) <> (${t.adminId} is null)`),
  ],
);

export type PasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;
