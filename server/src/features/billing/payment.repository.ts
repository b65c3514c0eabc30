import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { findOne } from '../../db/find-one.js';
import { type PaymentRow, payments } from '../../db/schema/index.js';

/** The payments ledger. */
export class PaymentRepository {
  constructor(private readonly db: Database) {}

  /**
   * Records a payment once: a repeated provider reference (a retried webhook, a double submit, two processes
   * recording the same provider charge at once) is ignored and answers undefined. Every unique key of a recorded
   * payment comes from its provider reference (a provider-billed plan charge's period key is `provider:reference`), so
   * a conflict on any of them is the same charge; no arbiter is named because with one, PostgreSQL still raises a
   * concurrent conflict on the other unique index instead of skipping the row.
   */
  async record(values: typeof payments.$inferInsert): Promise<PaymentRow | undefined> {
    const [row] = await this.db.insert(payments).values(values).onConflictDoNothing().returning();
    return row;
  }

  /**
   * Claims the charge of one subscription period and attempt before the provider is asked: a second claim of the
   * same (account, period key) — another tick, another server process — gets undefined and must not charge.
   */
  async claim(values: typeof payments.$inferInsert & { userId: string; periodKey: string }): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .insert(payments)
      .values({ ...values, status: 'pending' })
      .onConflictDoNothing({ target: [payments.userId, payments.periodKey] })
      .returning();
    return row;
  }

  /** A charge of the account's plan claimed and never settled (its process died while the provider was asked). */
  async unsettledClaimOf(userId: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.kind, 'subscription'), eq(payments.status, 'pending')))
      .orderBy(payments.createdAt)
      .limit(1);
    return row;
  }

  /** The provider's answer to a claimed charge. */
  async settle(id: string, status: 'succeeded' | 'failed', providerReference?: string): Promise<void> {
    await this.db
      .update(payments)
      .set({ status, ...(providerReference ? { providerReference } : {}) })
      .where(eq(payments.id, id));
  }

  /** Gives up a claim the provider never answered (unreachable), so a later tick may try again. */
  async release(id: string): Promise<void> {
    await this.db.delete(payments).where(and(eq(payments.id, id), eq(payments.status, 'pending')));
  }

  async listOfUser(userId: string): Promise<PaymentRow[]> {
    return this.db.select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.createdAt);
  }

  async findByJob(jobId: string): Promise<PaymentRow | undefined> {
    return findOne(this.db, payments, eq(payments.jobId, jobId));
  }
}
