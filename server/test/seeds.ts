import { MB } from '@shrinkly/contract';
import { compressionJobs } from '../src/db/schema/index.js';
import type { TestApp } from './harness.js';

/** A visitor's 150 MB file waiting for its $1 payment, as an upload over the free limit leaves it: its job's id. */
export async function jobWaitingForPayment(t: TestApp): Promise<string> {
  const [job] = await t.running.database.db
    .insert(compressionJobs)
    .values({
      status: 'payment_required',
      level: 'balanced',
      fileName: 'film.mov',
      inputFormat: 'video/quicktime',
      originalSize: 150 * MB,
      requiresPayment: true,
      paymentAmount: 1,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return (job as { id: string }).id;
}
