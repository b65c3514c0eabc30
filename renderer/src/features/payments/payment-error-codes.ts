import { pages } from '@shrinkly/contract';

/** docs/product/SPEC.md §8 "Payment error codes": payment_failed is the default; anything unknown reads as generic. */
const PAYMENT_ERROR_MESSAGES: Record<string, string> = {
  payment_failed: 'Your payment could not be processed. You have not been charged.',
  payment_cancelled: 'The payment was cancelled before it was completed. You have not been charged.',
  expired: 'The payment session expired before it was completed. You have not been charged.',
  insufficient_funds: 'The payment was declined because of insufficient funds.',
};
const GENERIC_MESSAGE = 'Something went wrong with your payment. You have not been charged.';

export const DEFAULT_PAYMENT_ERROR = 'payment_failed';

export function paymentErrorMessage(code: string): string {
  return PAYMENT_ERROR_MESSAGES[code] ?? GENERIC_MESSAGE;
}

/** The code as the page shows it: uppercase, letters, digits and underscores only, kept short. */
export function displayErrorCode(code: string): string {
  return (
    code
      .replace(/[^A-Za-z0-9_]/g, '')
      .slice(0, 64)
      .toUpperCase() || DEFAULT_PAYMENT_ERROR.toUpperCase()
  );
}

/** Where Retry Payment goes: the job's checkout again, or the dashboard without a job. */
export function retryPaymentPath(jobId: string | null): string {
  return jobId ? pages.payment(jobId) : pages.dashboard;
}
