/** What is being paid for. */
export interface CheckoutRequest {
  kind: 'compression';
  jobId: string;
  amount: number;
  currency: string;
  description: string;
}

/** A completed payment as the provider reports it; the only payment shape the services see. */
export interface PaymentEvent {
  kind: 'compression';
  jobId: string;
  amount: number;
  currency: string;
  provider: string;
  providerReference: string;
}

/**
 * Takes payments. The sandbox provider (a local checkout page, plainly marked test mode) is the default;
 * Stripe Checkout with signed webhooks is the production adapter.
 */
export abstract class PaymentPort {
  /** Provider name, stored in the ledger. */
  abstract readonly provider: string;
  /** True for the sandbox only: enables the simulate-payment route. */
  abstract readonly isSandbox: boolean;
  /** The URL the payer opens to pay. */
  abstract checkoutUrl(request: CheckoutRequest): Promise<string>;
}
