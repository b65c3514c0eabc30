import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/**
 * Named queries written once for a family of tables that share their columns (`Family`, a union of them), an instance
 * answering them on one table of it (`T`): the job tables, the tables of people who sign in.
 */
export class SameShapeRecords<Family extends PgTable, T extends Family> {
  constructor(
    protected readonly db: Database,
    protected readonly table: T,
  ) {}

  /**
   * The table as any table of the family: Drizzle cannot type a query on a table left open (`T`) but can on the
   * family, so queries are written on this and their rows typed as `T`'s on the way out.
   */
  protected get anyTable(): Family {
    return this.table;
  }
}
