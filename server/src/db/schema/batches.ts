import { integer, pgTable } from 'drizzle-orm/pg-core';
import { createdAt, moment, rowId } from './columns.js';
import { ownerId } from './users.js';

/** One batch compression: up to `maxFiles` uploads carry its id. Swept after `expiresAt`. */
export const batches = pgTable('batches', {
  id: rowId(),
  userId: ownerId(),
  maxFiles: integer('max_files').notNull(),
  createdAt: createdAt(),
  expiresAt: moment('expires_at').notNull(),
});

export type BatchRow = typeof batches.$inferSelect;
