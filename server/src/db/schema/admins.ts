import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Staff accounts: a table of their own, so a user can never become one by a flag. */
export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AdminRow = typeof admins.$inferSelect;
