import { integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** One batch compression: up to `maxFiles` uploads carry its id. Swept after `expiresAt`. */
export const batches = pgTable('batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  maxFiles: integer('max_files').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export type BatchRow = typeof batches.$inferSelect;
