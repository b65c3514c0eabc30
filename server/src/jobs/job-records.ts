import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { findOne } from '../db/find-one.js';
import { insertOne } from '../db/insert-one.js';
import { SameShapeRecords } from '../db/same-shape-records.js';
import type { compressionJobs, conversionJobs } from '../db/schema/index.js';

/** The tables of queued work: one row per job, with the columns of db/schema/job-columns.ts. */
export type JobTable = typeof compressionJobs | typeof conversionJobs;

/** A row of a job table, as read. */
export type JobRow<T extends JobTable> = T['$inferSelect'];
/** A row of a job table, as written. */
export type NewJob<T extends JobTable> = T['$inferInsert'];

/**
 * The named queries every job table answers: its rows' life from upload to expiry, claimed by one worker at a time.
 * Each feature's records add the queries of its own columns.
 */
export class JobRecords<T extends JobTable> extends SameShapeRecords<JobTable, T> {
  create(values: NewJob<T>): Promise<JobRow<T>> {
    return insertOne(this.db, this.table, values);
  }

  findById(id: string): Promise<JobRow<T> | undefined> {
    return findOne(this.db, this.table, eq(this.table.id, id));
  }

  async update(id: string, values: Partial<NewJob<T>>): Promise<JobRow<T> | undefined> {
    const [row] = await this.db.update(this.anyTable).set(values).where(eq(this.table.id, id)).returning();
    return row as JobRow<T> | undefined;
  }

  /**
   * Starts a job that is in one of `from` (processing as well, when its worker died), counting the start in
   * `attempts`; undefined when the job is not there to start (another worker has it).
   */
  async start(id: string, from: Array<'queued' | 'processing'>, startedAt: Date): Promise<JobRow<T> | undefined> {
    const [row] = await this.db
      .update(this.anyTable)
      .set({ status: 'processing', startedAt, progress: 0, error: null, attempts: sql`${this.table.attempts} + 1` })
      .where(and(eq(this.table.id, id), inArray(this.table.status, from)))
      .returning();
    return row as JobRow<T> | undefined;
  }

  /** Puts a started job back in the queue without counting that start: this process stopped it, the file did not. */
  async handBack(id: string): Promise<void> {
    await this.db
      .update(this.anyTable)
      .set({ status: 'queued', progress: 0, attempts: sql`greatest(${this.table.attempts} - 1, 0)` })
      .where(and(eq(this.table.id, id), eq(this.table.status, 'processing')));
  }

  async setProgress(id: string, progress: number): Promise<void> {
    await this.db
      .update(this.anyTable)
      .set({ progress })
      .where(and(eq(this.table.id, id), eq(this.table.status, 'processing')));
  }

  /** Jobs a restart must pick up again: waiting ones, and those a previous process was running. */
  async listUnfinished(): Promise<JobRow<T>[]> {
    const rows = await this.db
      .select()
      .from(this.anyTable)
      .where(inArray(this.table.status, ['queued', 'processing']));
    return rows as JobRow<T>[];
  }

  /** Marks these interrupted jobs as queued again (their interrupted start stays counted in `attempts`). */
  async requeueInterrupted(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await this.db
      .update(this.anyTable)
      .set({ status: 'queued', progress: 0 })
      .where(and(eq(this.table.status, 'processing'), inArray(this.table.id, [...ids])))
      .returning({ id: this.table.id });
    return rows.length;
  }

  /** Jobs past their time that are not running or waiting to run (a restart after a long stop still runs those). */
  async listExpired(now: Date, limit = 500): Promise<JobRow<T>[]> {
    const rows = await this.db
      .select()
      .from(this.anyTable)
      .where(and(lt(this.table.expiresAt, now), notInArray(this.table.status, ['queued', 'processing'])))
      .limit(limit);
    return rows as JobRow<T>[];
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(this.anyTable).where(eq(this.table.id, id));
  }
}
