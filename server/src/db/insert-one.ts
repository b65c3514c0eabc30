import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/** Inserts one row into `table` and answers it as stored, with the defaults the database filled in. */
export async function insertOne<T extends PgTable>(
  db: Database,
  table: T,
  values: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const [row] = await db
    .insert(table as PgTable)
    .values(values)
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row as T['$inferSelect'];
}
