import type { JobStatus } from '@shrinkly/contract';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type CompressionJobRow, compressionJobs } from '../../db/schema/index.js';
import { JobRecords, type NewJob } from '../../jobs/job-records.js';

export type NewCompressionJob = NewJob<typeof compressionJobs>;

/** Named queries on compression jobs: those of every job table, and payment, checkout and owner ones. */
export class CompressionJobRecords extends JobRecords<typeof compressionJobs> {
  constructor(db: Database) {
    super(db, compressionJobs);
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

  async listBlobsOfUser(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ input: compressionJobs.inputBlob, output: compressionJobs.outputBlob, compare: compressionJobs.compareBlob })
      .from(compressionJobs)
      .where(eq(compressionJobs.userId, userId));
    return rows.flatMap((r) => [r.input, r.output, r.compare]).filter((k): k is string => k !== null);
  }
}
