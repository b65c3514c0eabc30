import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { findOne } from '../../db/find-one.js';
import { insertOne } from '../../db/insert-one.js';
import { type BatchRow, batches } from '../../db/schema/index.js';

/** Named queries on batch compressions. */
export class BatchRepository {
  constructor(private readonly db: Database) {}

  create(values: { userId: string; maxFiles: number; expiresAt: Date }): Promise<BatchRow> {
    return insertOne(this.db, batches, values);
  }

  async findOwned(id: string, userId: string): Promise<BatchRow | undefined> {
    return findOne(this.db, batches, and(eq(batches.id, id), eq(batches.userId, userId)));
  }

  async deleteExpired(now: Date): Promise<number> {
    const rows = await this.db.delete(batches).where(lt(batches.expiresAt, now)).returning({ id: batches.id });
    return rows.length;
  }
}
