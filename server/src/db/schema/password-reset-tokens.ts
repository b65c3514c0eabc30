import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { admins } from './admins.js';
import { createdAt, moment, rowId } from './columns.js';
import { users } from './users.js';

/** Single-use reset links. Only the SHA-256 of the token is stored. Exactly one of userId / adminId is set. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: rowId(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_reset_tokens_expires_at_idx').on(t.expiresAt),
    check('password_reset_tokens_one_subject', sql`(${t.userId} is null) <> (${t.adminId} is null)`),
  ],
);

export type PasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;
