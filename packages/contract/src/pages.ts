/** What a payment page is about: a paid file, or the subscription. */
export type PaymentKind = 'compression' | 'subscription';

/** Why a payment ended on the payment error page (its `error` parameter). */
export type PaymentErrorCode = 'payment_cancelled' | 'payment_failed';

const q = encodeURIComponent;

/** Which plan the subscription success page celebrates. */
export type SuccessPlan = 'trial' | 'premium';

/**
 * The web app's pages that others link to — the server's emails, payment returns and provider redirects, and the
 * app's own links between its screens — with their query parameters, in one place for the server and the web app
 * (whose router declares the same paths).
 */
export const pages = {
  home: '/',
  auth: '/auth',
  /** Sign in or up first, then on to the plans (the Upgrade to Premium links of signed-out visitors). */
  authToUpgrade: '/auth?upgrade=true',
  dashboard: '/dashboard',
  converter: '/converter',
  settings: '/settings',
  subscribe: '/subscribe',
  subscribeToUpgrade: '/subscribe?upgrade=true',
  subscribeToReactivate: '/subscribe?reactivate=true',
  subscriptionSuccess: (plan: SuccessPlan) => `/subscription-success?plan=${plan}`,
  terms: '/terms',
  privacy: '/privacy',
  refund: '/refund',
  adminLogin: '/adminadmin',
  adminResetPassword: '/admin-reset-password',
  admin: '/admin',
  compressionSuccess: (jobId: string) => `/compression-success?jobId=${q(jobId)}`,
  compressionFailed: '/compression-failed',
  /** Back to the provider's checkout for a file that waits for its payment. */
  payment: (jobId: string) => `/payment/${q(jobId)}`,
  resetPassword: (token: string) => `/reset-password?token=${q(token)}`,
  /** Without `paymentId` the caller appends its own (Stripe's `{CHECKOUT_SESSION_ID}` placeholder stays unencoded). */
  paymentSuccess: (kind: PaymentKind, jobId: string, paymentId?: string) =>
    `/payment-success/${kind}?jobId=${q(jobId)}${paymentId === undefined ? '' : `&paymentId=${q(paymentId)}`}`,
  paymentFailed: (jobId: string) => `/payment-failed?jobId=${q(jobId)}`,
  paymentError: (error: PaymentErrorCode, jobId: string) => `/payment-error?error=${error}&jobId=${q(jobId)}`,
  /** A share link's page for its recipient: the file, its saving and the Download button (or the password first). */
  sharedFile: (token: string) => `/s/${q(token)}`,
} as const;
