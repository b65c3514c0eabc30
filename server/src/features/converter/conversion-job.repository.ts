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
  async transition(
    id: string,
    from: ConversionStatus[],
    values: Partial<NewConversionJob> & { status: ConversionStatus },
  ): Promise<ConversionJobRow | undefined> {
    const [row] = await this.db
      .update(conversionJobs)
      .set(values)
      .where(and(eq(conversionJobs.id, id), inArray(conversionJobs.status, from)))
      .returning();
    return row;
  }

  /**
   * Starts a job that is in one of `from` (processing as well, when its worker died), counting the start in
   * `attempts`; undefined when the job is not there to start (another worker has it).
   */
  async start(id: string, from: Array<'queued' | 'processing'>, startedAt: Date) {
    const [row] = await this.db
      .update(conversionJobs)
      .set({ status: 'processing', startedAt, progress: 0, error: null, attempts: sql`${conversionJobs.attempts} + 1` })
      .where(and(eq(conversionJobs.id, id), inArray(conversionJobs.status, from)))
      .returning();
    return row;
  }

  /** Puts a started job back in the queue without counting that start: this process stopped it, the file did not. */
  async handBack(id: string): Promise<void> {
    await this.db
      .update(conversionJobs)
      .set({ status: 'queued', progress: 0, attempts: sql`greatest(${conversionJobs.attempts} - 1, 0)` })
      .where(and(eq(conversionJobs.id, id), eq(conversionJobs.status, 'processing')));
  }

  async setProgress(id: string, progress: number): Promise<void> {
    await this.db
      .update(conversionJobs)
      .set({ progress })
      .where(and(eq(conversionJobs.id, id), eq(conversionJobs.status, 'processing')));
  }

  async listUnfinished(): Promise<ConversionJobRow[]> {
    return this.db
      .select()
      .from(conversionJobs)
      .where(inArray(conversionJobs.status, ['queued', 'processing']));
  }

  /** Marks these interrupted jobs as queued again (their interrupted start stays counted in `attempts`). */
  async requeueInterrupted(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await this.db
      .update(conversionJobs)
      .set({ status: 'queued', progress: 0 })
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
