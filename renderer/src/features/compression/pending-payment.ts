import { platform } from '../../platform';

/**
 * The job id of a large file waiting for its payment, kept in storage so the landing page can pick the job up
 * again when the visitor comes back from the checkout (docs/product/SPEC.md §4 "Public upload flow"). Without storage, the
 * return from the checkout still lands on the payment success page.
 */
const PENDING_PAYMENT_KEY = 'pendingPaymentJobId';

export function readPendingPayment(): string | null {
  return platform.storage.get(PENDING_PAYMENT_KEY);
}

export function storePendingPayment(jobId: string): void {
  platform.storage.set(PENDING_PAYMENT_KEY, jobId);
}

export function clearPendingPayment(jobId?: string): void {
  if (jobId === undefined || readPendingPayment() === jobId) platform.storage.set(PENDING_PAYMENT_KEY, null);
}
