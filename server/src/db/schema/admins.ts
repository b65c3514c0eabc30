import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, rowId } from './columns.js';

/** Staff accounts: a table of their own, so a user can never become one by a flag. */
export const admins = pgTable('admins', {
  id: rowId(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: createdAt(),
});

export type AdminRow = typeof admins.$inferSelect;
