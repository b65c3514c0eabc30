/** What is bought: one paid compression (its job id). Subscriptions are billed by SubscriptionBilling below. */
export interface Purchase {
  kind: 'compression';
  id: string;
}

/** A charge of the card on file, for plans we bill ourselves (the sandbox). */
export interface ChargeRequest {
  cardToken: string;
  amount: number;
  currency: string;
  description: string;
  /** The same key for a retried call makes the provider charge once. */
  idempotencyKey: string;
}

/** What is being paid for. */
export interface CheckoutRequest {
  purchase: Purchase;
  amount: number;
  currency: string;
  description: string;
}

/** A completed payment as the provider reports it; the only payment shape the services see. */
export interface PaymentEvent {
  purchase: Purchase;
  amount: number;
  currency: string;
  /** The payer's account, when they have one. */
  userId: string | null;
  provider: string;
  providerReference: string;
}

/** A card to keep on file: what the payer typed. Only the provider ever sees the number and CVV. */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvv: string;
  holder: string;
}

/** What we keep of a saved card: the provider's token and what a receipt shows. */
export interface SavedCard {
  token: string;
  brand: string;
  last4: string;
}

/** A plan (a trial, or premium now) a provider runs and bills itself, started from a payment method its own card fields made (Stripe). */
export interface ProviderPlan {
  subscriptionId: string;
  trialEndsAt: Date | null;
  periodEnd: Date | null;
  /** The card the provider will charge, as receipts show it; `token` is what our card on file keeps. */
  card: { token: string; brand: string; last4: string; expMonth: number; expYear: number } | null;
}

export interface ProviderPlans {
  /** The provider's customer that saved this payment method for this account, or undefined. */
  customerOf(paymentMethodId: string, userId: string): Promise<string | undefined>;
  /** Starts the 7-day trial; throws CardDeclinedError or ProviderUnavailableError. */
  startTrialSubscription(customerId: string, paymentMethodId: string): Promise<ProviderPlan>;
  /** Premium now, the first month charged at once; throws CardDeclinedError or ProviderUnavailableError. */
  startPaidSubscription(customerId: string, paymentMethodId: string): Promise<ProviderPlan>;
}

/** The provider refused the card. */
export class CardDeclinedError extends Error {}

/** The provider could not be reached or answered with an error of its own (not the card's fault). */
export class ProviderUnavailableError extends Error {}

/**
 * Takes payments. The sandbox provider (a local checkout page, plainly marked test mode) is the default;
 * Stripe Checkout with signed webhooks is the production adapter.
 */
export abstract class PaymentPort {
  /** Provider name, stored in the ledger. */
  abstract readonly provider: string;
  /** Providers whose card fields are their own (Stripe.js) run and bill plans themselves; absent elsewhere. */
  readonly providerPlans?: ProviderPlans;
  /** True for the sandbox only: enables the simulate-payment route. */
  abstract readonly isSandbox: boolean;
  /** The URL the payer opens to pay. */
  abstract checkoutUrl(request: CheckoutRequest): Promise<string>;
  /** Saves a card with the provider for later charges; throws CardDeclinedError when the provider refuses it. */
  abstract saveCard(card: CardDetails): Promise<SavedCard>;
  /**
   * Charges a card on file now and returns the provider's reference; throws CardDeclinedError when the card is
   * refused, ProviderUnavailableError when the provider fails.
   */
  abstract charge(request: ChargeRequest): Promise<{ reference: string }>;
  /** Ends a subscription the provider bills (PayPal, Stripe) at the provider; harmless when it is already ended. */
  abstract cancelSubscription(subscriptionId: string): Promise<void>;
}
