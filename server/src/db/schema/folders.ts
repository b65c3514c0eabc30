import { type AnyPgColumn, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, rowId } from './columns.js';
import { ownerId } from './users.js';

/** A user's folder in My Files. Folders nest by `parentId`; the dashboard uses the root level. */
export const folders = pgTable(
  'folders',
  {
    id: rowId(),
    userId: ownerId(),
    /** Only an empty folder can be deleted; the cascade is for account deletion. */
    parentId: uuid('parent_id').references((): AnyPgColumn => folders.id, { onDelete: 'cascade' }),
    /** Display only, never a path. */
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('folders_user_idx').on(t.userId)],
);

export type FolderRow = typeof folders.$inferSelect;
