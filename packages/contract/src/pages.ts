/** What a payment page is about: a paid file, or the subscription. */
export type PaymentKind = 'compression' | 'subscription';

/** Why a payment ended on the payment error page (its `error` parameter). */
export type PaymentErrorCode = 'payment_cancelled' | 'payment_failed';

const q = encodeURIComponent;

/**
 * The web app's pages that others link to — the server's emails, payment returns and provider redirects — with
 * their query parameters, in one place for the server and the web app (whose router declares the same paths).
 */
export const pages = {
  settings: '/settings',
  subscribe: '/subscribe',
  resetPassword: (token: string) => `/reset-password?token=${q(token)}`,
  /** Without `paymentId` the caller appends its own (Stripe's `{CHECKOUT_SESSION_ID}` placeholder stays unencoded). */
  paymentSuccess: (kind: PaymentKind, jobId: string, paymentId?: string) =>
    `/payment-success/${kind}?jobId=${q(jobId)}${paymentId === undefined ? '' : `&paymentId=${q(paymentId)}`}`,
  paymentFailed: (jobId: string) => `/payment-failed?jobId=${q(jobId)}`,
  paymentError: (error: PaymentErrorCode, jobId: string) => `/payment-error?error=${error}&jobId=${q(jobId)}`,
} as const;
