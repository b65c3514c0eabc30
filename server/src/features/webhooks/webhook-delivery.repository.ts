import type { WebhookEvent, WebhookPayload } from '@shrinkly/contract';
import { and, desc, eq, isNotNull, isNull, lt, lte, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { findOne } from '../../db/find-one.js';
import { type WebhookDeliveryRow, webhookDeliveries } from '../../db/schema/index.js';

/** Deliveries an account sees on /settings. */
const RECENT_DELIVERIES = 50;
/** Due deliveries a sweep queues at once. */
const DUE_PAGE = 500;

/**
 * A delivery waiting for its job to end is `pending` with no `nextAttemptAt`, its payload naming the job
 * (`{ awaiting: jobId }`): a one-off callback, or the endpoints of a conversion's signed-in caller. It is not listed
 * and never tried until the job's end gives it an event and a body.
 */
const awaitingJob = and(eq(webhookDeliveries.status, 'pending'), isNull(webhookDeliveries.nextAttemptAt)) as SQL;

/** Named queries on webhook deliveries. */
export class WebhookDeliveryRepository {
  constructor(private readonly db: Database) {}

  async createMany(values: Array<typeof webhookDeliveries.$inferInsert>): Promise<WebhookDeliveryRow[]> {
    if (values.length === 0) return [];
    return this.db.insert(webhookDeliveries).values(values).returning();
  }

  findById(id: string): Promise<WebhookDeliveryRow | undefined> {
    return findOne(this.db, webhookDeliveries, eq(webhookDeliveries.id, id));
  }

  findOwned(id: string, userId: string): Promise<WebhookDeliveryRow | undefined> {
    return findOne(
      this.db,
      webhookDeliveries,
      and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.userId, userId), not(awaitingJob)),
    );
  }

  /** The owner's latest deliveries, newest first (those still waiting for their job left out). */
  listRecent(userId: string): Promise<WebhookDeliveryRow[]> {
    return this.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.userId, userId), not(awaitingJob)))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(RECENT_DELIVERIES);
  }

  /** The deliveries waiting for this job's end. */
  listAwaiting(jobId: string): Promise<WebhookDeliveryRow[]> {
    return this.db
      .select()
      .from(webhookDeliveries)
      .where(and(awaitingJob, sql`${webhookDeliveries.payload}->>'awaiting' = ${jobId}`));
  }

  /** Gives a waiting delivery its event and body, due at `now`; false when it was not waiting any more. */
  async arm(id: string, event: WebhookEvent, payload: WebhookPayload, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(webhookDeliveries)
      .set({ event, payload, nextAttemptAt: now })
      .where(and(eq(webhookDeliveries.id, id), awaitingJob))
      .returning({ id: webhookDeliveries.id });
    return rows.length > 0;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  }

  /**
   * Takes a due delivery for one try, moving its next attempt to `leaseUntil` so no other process tries it meanwhile
   * (nor after this one dies, until then); undefined when it is not pending and due.
   */
  async claim(id: string, now: Date, leaseUntil: Date): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await this.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: leaseUntil })
      .where(
        and(
          eq(webhookDeliveries.id, id),
          eq(webhookDeliveries.status, 'pending'),
          isNotNull(webhookDeliveries.nextAttemptAt),
          lte(webhookDeliveries.nextAttemptAt, now),
        ),
      )
      .returning();
    return row;
  }

  /** What a try came to. */
  async record(
    id: string,
    values: Pick<WebhookDeliveryRow, 'status' | 'attempts' | 'nextAttemptAt' | 'lastStatusCode' | 'lastError' | 'deliveredAt'>,
  ): Promise<void> {
    await this.db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
  }

  /** Makes a delivery (delivered, failed or pending) due again now; the updated row, or undefined when none. */
  async resend(id: string, userId: string, now: Date): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await this.db
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: now })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.userId, userId), not(awaitingJob)))
      .returning();
    return row;
  }

  /** Pending deliveries due by `now`: those whose timer was lost (another process, a restart). */
  listDue(now: Date): Promise<Array<{ id: string }>> {
    return this.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
      .orderBy(webhookDeliveries.nextAttemptAt)
      .limit(DUE_PAGE);
  }

  /**
   * Removes the deliveries that are over (delivered or failed) from before `finishedBefore`, and those still waiting
   * for a job from before `awaitingBefore` (the job expired without ending: an unpaid file); says how many.
   */
  async deleteOld(finishedBefore: Date, awaitingBefore: Date): Promise<number> {
    const rows = await this.db
      .delete(webhookDeliveries)
      .where(
        or(
          and(ne(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.createdAt, finishedBefore)),
          and(awaitingJob, lt(webhookDeliveries.createdAt, awaitingBefore)),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    return rows.length;
  }

  /** Every delivery with a try ahead (a restart queues them again; each waits for its time). */
  listUnfinished(): Promise<Array<{ id: string; status: string }>> {
    return this.db
      .select({ id: webhookDeliveries.id, status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'pending'), isNotNull(webhookDeliveries.nextAttemptAt)));
  }
}
