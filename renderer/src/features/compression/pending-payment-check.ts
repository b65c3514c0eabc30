import { getJob } from './api';
import { type CompressionOutcome, compressedFileFromJob, paymentDueFromJob } from './outcome';

/** What the landing page does with a stored pending payment (docs/product/SPEC.md §4 "Public upload flow"). */
export type PendingPaymentAction =
  /** Paid and compressed: show the download (and forget the id). */
  | { kind: 'completed'; outcome: CompressionOutcome }
  /** Still unpaid: show the payment view again (keep the id). */
  | { kind: 'unpaid'; outcome: CompressionOutcome }
  /** Paid but not compressed yet (the visitor came back without the success page): start and follow it. */
  | { kind: 'paid' }
  /** Failed, expired or unknown: forget it silently. */
  | { kind: 'forget' };

export async function inspectPendingPayment(jobId: string): Promise<PendingPaymentAction> {
  const job = await getJob(jobId);
  if (job.status === 'completed' && job.isPaid && job.temporaryUrl) {
    return { kind: 'completed', outcome: { kind: 'compressed', file: compressedFileFromJob(job) } };
  }
  if (job.status === 'payment_required' && !job.isPaid) {
    return { kind: 'unpaid', outcome: { kind: 'payment', payment: paymentDueFromJob(job) } };
  }
  if (job.isPaid && job.status !== 'completed' && job.status !== 'failed') return { kind: 'paid' };
  return { kind: 'forget' };
}
