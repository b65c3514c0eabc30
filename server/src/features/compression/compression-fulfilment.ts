import { CURRENCY, PAY_PER_FILE_PRICE_USD, pages } from '@shrinkly/contract';
import type { Clock } from '../../common/clock.js';
import type { CompressionJobRow } from '../../db/schema/index.js';
import type { Fulfilment, PurchaseTerms } from '../billing/billing.service.js';
import type { CompressionJobRecords } from './compression.job-records.js';

/** What a paid compression costs, as its checkout and the ledger state it. */
export function paymentTerms(job: CompressionJobRow): { amount: number; currency: string; description: string } {
  return {
    amount: job.paymentAmount ?? PAY_PER_FILE_PRICE_USD,
    currency: CURRENCY,
    description: `Compression of ${job.fileName}`,
  };
}

/**
 * Pay per file: a payment for a compression job unlocks it (the owner then starts it with process-paid-compression).
 * Registered with billing, which calls it once the payment is in the ledger.
 */
export class CompressionFulfilment implements Fulfilment {
  constructor(
    private readonly jobs: CompressionJobRecords,
    private readonly clock: Clock,
  ) {}

  async terms(jobId: string): Promise<PurchaseTerms | undefined> {
    const job = await this.jobs.findById(jobId);
    if (!job?.requiresPayment) return undefined;
    const id = job.id;
    return {
      ...paymentTerms(job),
      userId: job.userId,
      checkoutReference: job.checkoutReference,
      returnTo: {
        paid: (reference) => pages.paymentSuccess('compression', id, reference),
        canceled: pages.paymentError('payment_cancelled', id),
        declined: pages.paymentFailed(id),
        failed: pages.paymentError('payment_failed', id),
      },
    };
  }

  bindCheckout(jobId: string, reference: string, replacing: string | null): Promise<string | null> {
    return this.jobs.swapCheckout(jobId, 'checkoutReference', replacing, reference);
  }

  async fulfil(jobId: string): Promise<void> {
    const job = await this.jobs.findById(jobId);
    if (!job || job.paidAt) return;
    await this.jobs.update(job.id, { paidAt: this.clock.now() });
  }
}
