/** What is bought: one paid compression (its job id). Subscriptions are billed through the plan capabilities below. */
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
  /** The month it pays for, as the receipt shows it. */
  period: { start: Date; end: Date };
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

/** The card a provider-billed plan charges, as receipts show it; `token` is what our card on file keeps. */
export interface ProviderCard {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** One charge a provider made for a subscription, as its API reports it. */
export interface ProviderCharge {
  reference: string;
  amount: number;
  currency: string;
  /** The end of the period the charge paid for. */
  periodEnd: Date | null;
}

/**
 * A subscription as the provider has it now, read from its API (never from what a payer or a webhook body says).
 * `pending`: created, not approved or not paid yet; `trialing`, `active`, `past_due`: it bills; `ended`: it never
 * bills again.
 */
export interface ProviderSubscription {
  id: string;
  status: 'pending' | 'trialing' | 'active' | 'past_due' | 'ended';
  /** The account it says it was created for (Stripe's metadata, PayPal's custom_id): checked against our own record. */
  userId: string | null;
  /** The end of the free trial, while it runs. */
  trialEndsAt: Date | null;
  /** The end of the period paid for (or of the trial). */
  periodEnd: Date | null;
  /** Charges the provider reports with the subscription (all of them, or the latest): recorded once in the ledger. */
  charges: ProviderCharge[];
  card: ProviderCard | null;
}

/** The card on file and charges of it that we make (off-session): we bill the plan with our own scheduler. */
export interface CardOnFile {
  /** Saves a card with the provider for later charges; throws CardDeclinedError when the provider refuses it. */
  saveCard(card: CardDetails): Promise<SavedCard>;
  /**
   * Charges a card on file now and returns the provider's reference; throws CardDeclinedError when the card is
   * refused, ProviderUnavailableError when the provider fails.
   */
  charge(request: ChargeRequest): Promise<{ reference: string }>;
}

/** Subscriptions a provider runs and bills itself: read back and ended by id. */
export interface ProviderBilledPlans {
  /** The `billingProvider` of plans it bills, and the ledger's provider of their charges. */
  readonly name: string;
  /** The subscription as the provider has it now; undefined when it knows no such subscription. */
  subscription(id: string): Promise<ProviderSubscription | undefined>;
  /** Ends it now; harmless when it has ended already. */
  cancelSubscription(id: string): Promise<void>;
}

/** A subscription to start from a payment method (CardFieldPlans.startSubscription); `attempt` is unique per try. */
export interface SubscriptionStart {
  customerId: string;
  paymentMethodId: string | null;
  userId: string;
  trial: boolean;
  deferUntil: Date | null;
  attempt: string;
}

/** Provider-billed plans started from a payment method the provider's own card fields made (Stripe.js). */
export interface CardFieldPlans extends ProviderBilledPlans {
  /** The provider's customer that saved this payment method for this account, or undefined. */
  customerOf(paymentMethodId: string, userId: string): Promise<string | undefined>;
  /**
   * A subscription for the account, paid with the payment method (or the customer's default one): the 7-day trial,
   * premium now with the first month charged at once (a refused card throws CardDeclinedError and leaves nothing
   * billing), or billing deferred until `deferUntil` (a plan reactivated before it ran out). `attempt` is unique per
   * try, so a new try is a new subscription while a retried call of the same try is not. Answers it as read back
   * from the provider.
   */
  startSubscription(request: SubscriptionStart): Promise<ProviderSubscription>;
  /** What the card step needs to show the provider's card fields for this account. */
  setupCard(user: { id: string; email: string; name: string }): Promise<{ clientSecret: string; publishableKey: string }>;
}

/** Provider-billed plans the payer approves on the provider's own page (PayPal, and the sandbox's test-mode PayPal). */
export interface ApprovalPlans extends ProviderBilledPlans {
  /**
   * A subscription for one of our accounts, with the free trial first or not, billed from its approval or from
   * `startAt` (a plan taken up again before its paid period ran out); the payer approves it at `approvalUrl`.
   */
  createSubscription(request: SubscriptionRequest): Promise<{ id: string; approvalUrl: string | null }>;
}

/** A subscription to make for one of our accounts (ApprovalPlans.createSubscription). */
export interface SubscriptionRequest {
  userId: string;
  email: string;
  name: string;
  trial: boolean;
  startAt: Date | null;
}

/** The sandbox's checkout page for one purchase, opened only through the link signed for its owner. */
export interface TestCheckoutPages {
  checkoutPath(purchaseId: string): string;
  verifyCheckout(purchaseId: string, sig: string | undefined): boolean;
}

/** The sandbox's test-mode PayPal approval page, opened only through the link signed for the subscription. */
export interface TestApprovalPages {
  approvalPath(subscriptionId: string): string;
  verifyApproval(subscriptionId: string, sig: string | undefined): boolean;
  /** The payer approved: false when the subscription was not waiting for approval. */
  approve(subscriptionId: string): Promise<boolean>;
  /** The payer turned back (or we end it). */
  cancelSubscription(subscriptionId: string): Promise<void>;
}

/** A Stripe webhook request, checked against the endpoint's signing secret: its event, or undefined when forged. */
export interface StripeWebhooks {
  readonly format: 'stripe';
  verify(rawBody: Buffer, signature: string | undefined): import('stripe').Stripe.Event | undefined;
}

/** The PAYPAL-* headers of a webhook delivery, as PayPal's verification call takes them. */
export interface PaypalWebhookHeaders {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

/** A PayPal webhook delivery, verified by PayPal's own call: true only when PayPal says it sent it. */
export interface PaypalWebhooks {
  readonly format: 'paypal';
  verify(headers: PaypalWebhookHeaders, eventJson: string): Promise<boolean>;
}

/** A one-time payment the payer approves at the provider before we take it (PayPal's orders), as we read it. */
export interface ProviderOrder {
  id: string;
  /** CREATED, APPROVED (the payer agreed), COMPLETED (captured), … */
  status: string;
  /** Ours, set when the order was created: the purchase it pays for (`compression:<job id>`). */
  reference: string | null;
  amount: number;
  currency: string;
  /** The capture, once the money was taken (or refused): COMPLETED, PENDING, DECLINED, … */
  capture: { id: string; status: string; amount: number; currency: string } | null;
  /** The account the provider pays the order to, as it reports it (the payee's merchant id). */
  payee: string | null;
  /** Where the payer approves it, while the order waits for that. */
  approvalUrl: string | null;
}

/** An order for one purchase: its price and where the provider sends the payer back, approved or not. */
export interface OrderRequest {
  purchase: Purchase;
  amount: number;
  currency: string;
  description: string;
  returnUrl: string;
  cancelUrl: string;
}

/**
 * One-time payments approved at the provider and captured when the payer comes back (PayPal's Orders API): our signed
 * checkout link creates the order, the return route captures it.
 */
export interface ApprovedOrders {
  /** True when `sig` is the one this purchase's checkout link carries. */
  verifyCheckout(purchaseId: string, sig: string | undefined): boolean;
  createOrder(request: OrderRequest): Promise<ProviderOrder>;
  /** The order as the provider has it now; undefined when it knows no such order. */
  order(id: string): Promise<ProviderOrder | undefined>;
  /** Takes the money of an approved order; a refused payment is CardDeclinedError. */
  captureOrder(id: string): Promise<ProviderOrder>;
  /** Whether the order pays our own account. */
  paysUs(order: ProviderOrder): boolean;
}

/** Payment of one purchase on a checkout page (the provider's, or ours for the sandbox). */
export interface HostedCheckout {
  /** The URL the payer opens to pay. */
  checkoutUrl(request: CheckoutRequest): Promise<string>;
}

/** The provider refused the card. */
export class CardDeclinedError extends Error {}

/** The provider could not be reached or answered with an error of its own (not the card's fault). */
export class ProviderUnavailableError extends Error {}

/**
 * A payment provider, as the capabilities it really has: every provider takes one-off payments on a checkout page;
 * the sandbox keeps cards on file that our scheduler charges (and runs a test-mode PayPal); Stripe runs plans started
 * from its own card fields; PayPal runs plans its payers approve. Features ask for a capability, never for a
 * provider by name; a capability a provider does not have is absent, and its routes answer 404.
 */
export abstract class PaymentPort {
  /** Provider name, stored in the ledger. */
  abstract readonly provider: string;
  /** True for the sandbox only: enables the simulate-payment route. */
  abstract readonly isSandbox: boolean;
  abstract readonly checkout: HostedCheckout;
  readonly cards?: CardOnFile;
  readonly cardFieldPlans?: CardFieldPlans;
  readonly approvalPlans?: ApprovalPlans;
  readonly orders?: ApprovedOrders;
  /** The sandbox's own pages that stand in for a provider's (no money moves); absent with a real provider. */
  readonly testMode?: { checkout: TestCheckoutPages; approval: TestApprovalPages };
  /** Signed provider events, in the provider's own format. */
  readonly webhooks?: StripeWebhooks | PaypalWebhooks;

  /** The capability that bills plans under this `billingProvider` name, if this provider has it. */
  billedPlans(billingProvider: string): ProviderBilledPlans | undefined {
    return [this.cardFieldPlans, this.approvalPlans].find((plans) => plans?.name === billingProvider);
  }
}
