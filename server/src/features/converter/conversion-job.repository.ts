import type { ConversionStatus } from '@shrinkly/contract';
import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type ConversionJobRow, conversionJobs } from '../../db/schema/index.js';

export type NewConversionJob = typeof conversionJobs.$inferInsert;

/** Named queries on the converter's jobs. */
export class ConversionJobRepository {
  constructor(private readonly db: Database) {}

  async create(values: NewConversionJob): Promise<ConversionJobRow> {
    const [row] = await this.db.insert(conversionJobs).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async findById(id: string): Promise<ConversionJobRow | undefined> {
    const [row] = await this.db.select().from(conversionJobs).where(eq(conversionJobs.id, id)).limit(1);
    return row;
  }

  async update(id: string, values: Partial<NewConversionJob>): Promise<ConversionJobRow | undefined> {
    const [row] = await this.db.update(conversionJobs).set(values).where(eq(conversionJobs.id, id)).returning();
    return row;
  }

  /** Moves a job on only from one of `from`, so two workers cannot both start it. */
  async transition(id: string, from: ConversionStatus[], values: Partial<NewConversionJob> & { status: ConversionStatus }): Promise<ConversionJobRow | undefined> {
    const [row] = await this.db
      .update(conversionJobs)
      .set(values)
      .where(and(eq(conversionJobs.id, id), inArray(conversionJobs.status, from)))
      .returning();
    return row;
  }

  async setProgress(id: string, progress: number): Promise<void> {
    await this.db.update(conversionJobs).set({ progress }).where(and(eq(conversionJobs.id, id), eq(conversionJobs.status, 'processing')));
  }

  async listUnfinished(): Promise<ConversionJobRow[]> {
    return this.db.select().from(conversionJobs).where(inArray(conversionJobs.status, ['queued', 'processing']));
  }

  async requeueInterrupted(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await this.db
      .update(conversionJobs)
      .set({ status: 'queued', progress: 0, attempts: sql`${conversionJobs.attempts} + 1` })
      .where(and(eq(conversionJobs.status, 'processing'), inArray(conversionJobs.id, [...ids])))
      .returning({ id: conversionJobs.id });
    return rows.length;
  }

  /** Jobs past their time that are not running or waiting to run (a restart after a long stop still runs those). */
  async listExpired(now: Date, limit = 500): Promise<ConversionJobRow[]> {
    return this.db
      .select()
      .from(conversionJobs)
      .where(and(lt(conversionJobs.expiresAt, now), notInArray(conversionJobs.status, ['queued', 'processing'])))
      .limit(limit);
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(conversionJobs).where(eq(conversionJobs.id, id));
  }
}
