import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/** A table whose rows belong to a user. */
type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn };

/** Deletes the row `id` of `table` when it belongs to `userId`; false when the user has no such row. */
export async function deleteOwned(db: Database, table: OwnedTable, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(table)
    .where(and(eq(table.id, id), eq(table.userId, userId)))
    .returning({ id: table.id });
  return rows.length > 0;
}
