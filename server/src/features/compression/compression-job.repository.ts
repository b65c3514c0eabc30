import type { JobStatus } from '@shrinkly/contract';
import { and, eq, gt, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type CompressionJobRow, compressionJobs } from '../../db/schema/index.js';

export type NewCompressionJob = typeof compressionJobs.$inferInsert;

/** Named queries on compression jobs. */
export class CompressionJobRepository {
  constructor(private readonly db: Database) {}

  async create(values: NewCompressionJob): Promise<CompressionJobRow> {
    const [row] = await this.db.insert(compressionJobs).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async findById(id: string): Promise<CompressionJobRow | undefined> {
    const [row] = await this.db.select().from(compressionJobs).where(eq(compressionJobs.id, id)).limit(1);
    return row;
  }

  async update(id: string, values: Partial<NewCompressionJob>): Promise<CompressionJobRow | undefined> {
    const [row] = await this.db.update(compressionJobs).set(values).where(eq(compressionJobs.id, id)).returning();
    return row;
  }

  /**
   * Moves a job from one status to another only if it is still in the first, so two requests racing (a double
   * click on "process", a retried worker) cannot both start it. Returns the updated row or undefined.
   */
  async transition(
    id: string,
    from: JobStatus[],
    values: Partial<NewCompressionJob> & { status: JobStatus },
  ): Promise<CompressionJobRow | undefined> {
    const [row] = await this.db
      .update(compressionJobs)
      .set(values)
      .where(and(eq(compressionJobs.id, id), inArray(compressionJobs.status, from)))
      .returning();
    return row;
  }

  /**
   * Stores `to` as the job's checkout URL or reference only while it is still `from` (null: none stored yet), so
   * two requests racing to make the job's checkout store one. Answers what is stored afterwards: `to`, or the
   * other request's when it stored first (null when the job is gone).
   */
  async swapCheckout(
    id: string,
    column: 'checkoutUrl' | 'checkoutReference',
    from: string | null,
    to: string,
  ): Promise<string | null> {
    const stored = compressionJobs[column];
    const [won] = await this.db
      .update(compressionJobs)
      .set({ [column]: to })
      .where(and(eq(compressionJobs.id, id), from === null ? isNull(stored) : eq(stored, from)))
      .returning({ id: compressionJobs.id });
    if (won) return to;
    const [row] = await this.db.select({ value: stored }).from(compressionJobs).where(eq(compressionJobs.id, id)).limit(1);
    return row?.value ?? null;
  }

  /**
   * Starts a job that is in one of `from` (processing as well, when its worker died), counting the start in
   * `attempts`; undefined when the job is not there to start (another worker has it).
   */
  async start(id: string, from: Array<'queued' | 'processing'>, startedAt: Date) {
    const [row] = await this.db
      .update(compressionJobs)
      .set({ status: 'processing', startedAt, progress: 0, error: null, attempts: sql`${compressionJobs.attempts} + 1` })
      .where(and(eq(compressionJobs.id, id), inArray(compressionJobs.status, from)))
      .returning();
    return row;
  }

  /** Puts a started job back in the queue without counting that start: this process stopped it, the file did not. */
  async handBack(id: string): Promise<void> {
    await this.db
      .update(compressionJobs)
      .set({ status: 'queued', progress: 0, attempts: sql`greatest(${compressionJobs.attempts} - 1, 0)` })
      .where(and(eq(compressionJobs.id, id), eq(compressionJobs.status, 'processing')));
  }

  async setProgress(id: string, progress: number): Promise<void> {
    await this.db
      .update(compressionJobs)
      .set({ progress })
      .where(and(eq(compressionJobs.id, id), eq(compressionJobs.status, 'processing')));
  }

  /** Jobs a restart must pick up again: waiting ones, and those a previous process was running. */
  async listUnfinished(): Promise<CompressionJobRow[]> {
    return this.db
      .select()
      .from(compressionJobs)
      .where(inArray(compressionJobs.status, ['queued', 'processing']));
  }

  /** Marks these interrupted jobs as queued again (their interrupted start stays counted in `attempts`). */
  async requeueInterrupted(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await this.db
      .update(compressionJobs)
      .set({ status: 'queued', progress: 0 })
      .where(and(eq(compressionJobs.status, 'processing'), inArray(compressionJobs.id, [...ids])))
      .returning({ id: compressionJobs.id });
    return rows.length;
  }

  /** Jobs past their time that are not running or waiting to run (a restart after a long stop still runs those). */
  async listExpired(now: Date, limit = 500): Promise<CompressionJobRow[]> {
    return this.db
      .select()
      .from(compressionJobs)
      .where(and(lt(compressionJobs.expiresAt, now), notInArray(compressionJobs.status, ['queued', 'processing'])))
      .limit(limit);
  }

  /** Bytes of the uploads from `address` that wait for payment and have not expired. */
  async unpaidBytesFrom(address: string, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<string>`coalesce(sum(${compressionJobs.originalSize}), 0)` })
      .from(compressionJobs)
      .where(
        and(
          eq(compressionJobs.clientAddress, address),
          eq(compressionJobs.status, 'payment_required'),
          isNull(compressionJobs.paidAt),
          gt(compressionJobs.expiresAt, now),
        ),
      );
    return Number(row?.total ?? 0);
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(compressionJobs).where(eq(compressionJobs.id, id));
  }

  async listBlobsOfUser(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ input: compressionJobs.inputBlob, output: compressionJobs.outputBlob })
      .from(compressionJobs)
      .where(eq(compressionJobs.userId, userId));
    return rows.flatMap((r) => [r.input, r.output]).filter((k): k is string => k !== null);
  }
}
