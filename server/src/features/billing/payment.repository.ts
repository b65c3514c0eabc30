import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type PaymentRow, payments } from '../../db/schema/index.js';

/** The payments ledger. */
export class PaymentRepository {
  constructor(private readonly db: Database) {}

  /** Records a payment once: a repeated provider reference (a retried webhook, a double submit) is ignored. */
  async record(values: typeof payments.$inferInsert): Promise<PaymentRow | undefined> {
    const [row] = await this.db.insert(payments).values(values).onConflictDoNothing({ target: payments.providerReference }).returning();
    return row;
  }

  async findByJob(jobId: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.jobId, jobId)).limit(1);
    return row;
  }
}
