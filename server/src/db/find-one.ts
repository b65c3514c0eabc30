import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/** The row of `table` that `where` picks (the first one when several match), or undefined when none does. */
export async function findOne<T extends PgTable>(
  db: Database,
  table: T,
  where: SQL | undefined,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1);
  return row as T['$inferSelect'] | undefined;
}
