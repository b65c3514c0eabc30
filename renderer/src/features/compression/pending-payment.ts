/**
 * The job id of a large file waiting for its payment, kept in localStorage so the landing page can pick the job up
 * again when the visitor comes back from the checkout (SPEC section 4 "Public upload flow").
 */
const PENDING_PAYMENT_KEY = 'pendingPaymentJobId';

export function readPendingPayment(): string | null {
  try {
    return window.localStorage.getItem(PENDING_PAYMENT_KEY);
  } catch {
    return null;
  }
}

export function storePendingPayment(jobId: string): void {
  try {
    window.localStorage.setItem(PENDING_PAYMENT_KEY, jobId);
  } catch {
    // Storage unavailable: the return from the checkout still lands on the payment success page.
  }
}

export function clearPendingPayment(jobId?: string): void {
  try {
    if (jobId === undefined || window.localStorage.getItem(PENDING_PAYMENT_KEY) === jobId) {
      window.localStorage.removeItem(PENDING_PAYMENT_KEY);
    }
  } catch {
    // nothing stored
  }
}
