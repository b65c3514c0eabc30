import { createHash } from 'node:crypto';
import { TRIAL_DAYS } from '@shrinkly/contract';
import Stripe from 'stripe';
import { ValidationError } from '../../common/errors.js';
import type { StripeConfig } from '../../config/app.config.js';
import type { CardDetails, ChargeRequest, CheckoutRequest, SavedCard } from './payment.port.js';
import { CardDeclinedError, PaymentPort, ProviderUnavailableError } from './payment.port.js';

/** Amounts are dollars in our ledger and the smallest currency unit (cents) at Stripe. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** A Stripe client on STRIPE_API_BASE (Stripe's own API, or a local fake in tests). */
export function createStripeClient(config: StripeConfig, options: { maxNetworkRetries?: number } = {}): Stripe {
  const base = new URL(config.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    // POSTs carry an Idempotency-Key, so a retried network failure or 5xx charges once.
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 20_000,
    appInfo: { name: 'Shrinkly' },
  });
}

/** A card refused (402 card_error) is the payer's; anything else Stripe answered or failed to answer is Stripe's. */
export function providerError(err: unknown, doing: string): Error {
  if (err instanceof Stripe.errors.StripeCardError) return new CardDeclinedError(err.message);
  if (err instanceof Stripe.errors.StripeError) {
    return new ProviderUnavailableError(`Stripe failed to ${doing}: ${err.type}${err.code ? ` ${err.code}` : ''} (${err.statusCode ?? 'no answer'}): ${err.message}`);
  }
  return err instanceof Error ? err : new Error(String(err));
}

function isMissing(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing';
}

/** What the card step needs to show Stripe's own card fields (Stripe.js) for a SetupIntent. */
export interface StripeSetupIntent {
  customerId: string;
  clientSecret: string;
  publishableKey: string;
}

/** A trial subscription Stripe bills itself, and the card it will charge, as receipts show it. */
export interface StripeTrialSubscription {
  subscriptionId: string;
  customerId: string;
  status: string;
  trialEndsAt: Date | null;
  periodEnd: Date | null;
  card: { token: string; brand: string; last4: string; expMonth: number; expYear: number } | null;
}

/**
 * The plan at Stripe: the card is typed into Stripe's hosted fields (Stripe.js) against a SetupIntent, never on our
 * server; with the payment method that gives, Stripe runs the 7-day trial and then bills STRIPE_PRICE_ID monthly.
 * Its webhooks (invoice.paid, invoice.payment_failed, customer.subscription.*) report what happens next.
 */
export class StripeSubscriptions {
  constructor(
    private readonly stripe: Stripe,
    private readonly config: StripeConfig,
  ) {}

  /**
   * A Stripe customer for the account (metadata userId) and a SetupIntent to save its card off-session. The same
   * account asking again within Stripe's idempotency window (24 hours) gets the same customer; the key follows the
   * name and email too, since Stripe refuses a key reused with other parameters.
   */
  async createSetupIntent(user: { id: string; email: string; name: string }): Promise<StripeSetupIntent> {
    const params = { email: user.email, name: user.name, metadata: { userId: user.id } };
    const fingerprint = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16);
    try {
      const customer = await this.stripe.customers.create(params, { idempotencyKey: `shrinkly-customer-${user.id}-${fingerprint}` });
      const intent = await this.stripe.setupIntents.create({
        customer: customer.id, usage: 'off_session', allowed_payment_method_types: ['card'], metadata: { userId: user.id },
      });
      if (!intent.client_secret) throw new ProviderUnavailableError('Stripe answered a SetupIntent without a client secret');
      return { customerId: customer.id, clientSecret: intent.client_secret, publishableKey: this.config.publishableKey };
    } catch (err) {
      throw providerError(err, 'create a SetupIntent');
    }
  }

  /**
   * The customer a payment method was saved for, when that customer is this account's (its metadata userId);
   * undefined for anyone else's card or an unknown payment method.
   */
  async customerOf(paymentMethodId: string, userId: string): Promise<string | undefined> {
    try {
      const pm = await this.stripe.paymentMethods.retrieve(paymentMethodId, { expand: ['customer'] });
      const customer = pm.customer;
      if (!customer || typeof customer === 'string' || customer.deleted) return undefined;
      return customer.metadata?.userId === userId ? customer.id : undefined;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw providerError(err, 'read a payment method');
    }
  }

  /**
   * The 7-day trial on STRIPE_PRICE_ID with the saved card as the customer's default (Stripe charges it when the
   * trial ends). Throws CardDeclinedError when Stripe refuses the card, ProviderUnavailableError when Stripe fails.
   */
  startTrialSubscription(customerId: string, paymentMethodId: string): Promise<StripeTrialSubscription> {
    return this.startSubscription(customerId, paymentMethodId, true);
  }

  /**
   * Premium now on STRIPE_PRICE_ID: the first month is charged as the subscription is made; a refused card fails
   * the call (`error_if_incomplete`) with CardDeclinedError instead of leaving an unpaid subscription behind.
   */
  startPaidSubscription(customerId: string, paymentMethodId: string): Promise<StripeTrialSubscription> {
    return this.startSubscription(customerId, paymentMethodId, false);
  }

  private async startSubscription(customerId: string, paymentMethodId: string, trial: boolean): Promise<StripeTrialSubscription> {
    try {
      const customer = await this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
      const userId = customer.metadata?.userId;
      const subscription = await this.stripe.subscriptions.create(
        {
          customer: customerId, items: [{ price: this.config.priceId }], default_payment_method: paymentMethodId, metadata: userId ? { userId } : {},
          ...(trial ? { trial_period_days: TRIAL_DAYS } : { payment_behavior: 'error_if_incomplete' as const }),
        },
        { idempotencyKey: `shrinkly-${trial ? 'trial' : 'premium'}-${customerId}-${paymentMethodId}` },
      );
      const pm = await this.stripe.paymentMethods.retrieve(paymentMethodId);
      return {
        subscriptionId: subscription.id,
        customerId,
        status: subscription.status,
        trialEndsAt: subscription.trial_end ? new Date(subscription.trial_end * 1000) : null,
        periodEnd: periodEndOf(subscription),
        card: pm.card
          ? { token: customerId, brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year }
          : null,
      };
    } catch (err) {
      throw providerError(err, 'start a trial subscription');
    }
  }
}

/** The end of the subscription's current period (kept on its items since API version 2025-03-31). */
export function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const end = subscription.items?.data?.[0]?.current_period_end;
  return end ? new Date(end * 1000) : null;
}

/**
 * Stripe: pay-per-file through Stripe Checkout (the payer leaves for Stripe's page and comes back; the
 * checkout.session.completed webhook marks the purchase paid), charges of a customer's default card off-session,
 * and subscriptions Stripe bills itself (StripeSubscriptions). Cards never reach our server.
 *
 * The card token kept on file with Stripe is the Stripe customer id: its default payment method is the card.
 */
export class StripePayments extends PaymentPort {
  readonly provider = 'stripe';
  readonly isSandbox = false;
  readonly subscriptions: StripeSubscriptions;
  /** Trials run at Stripe (the card step's payment method): the plans feature starts them through the port. */
  override readonly providerPlans: StripeSubscriptions;

  constructor(
    private readonly stripe: Stripe,
    private readonly config: StripeConfig,
    private readonly appUrl: string,
  ) {
    super();
    this.subscriptions = new StripeSubscriptions(stripe, config);
    this.providerPlans = this.subscriptions;
  }

  /**
   * A Checkout Session for the purchase: one line item of its amount, metadata {kind, id} for the webhook, back to
   * /payment-success (or /payment-error when the payer cancels). Keyed by the purchase, so asking again for the
   * same purchase (each look at a job waiting for payment) answers the same session.
   */
  async checkoutUrl(request: CheckoutRequest): Promise<string> {
    const { kind, id } = request.purchase;
    const jobId = encodeURIComponent(id);
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [{
            quantity: 1,
            price_data: { currency: request.currency.toLowerCase(), unit_amount: toCents(request.amount), product_data: { name: request.description } },
          }],
          success_url: `${this.appUrl}/payment-success/${kind}?jobId=${jobId}&paymentId={CHECKOUT_SESSION_ID}`,
          cancel_url: `${this.appUrl}/payment-error?error=payment_cancelled&jobId=${jobId}`,
          client_reference_id: id,
          metadata: { kind, id },
          payment_intent_data: { metadata: { kind, id } },
        },
        { idempotencyKey: `shrinkly-checkout-${kind}-${id}-${toCents(request.amount)}` },
      );
      if (!session.url) throw new ProviderUnavailableError('Stripe answered a Checkout Session without a url');
      return session.url;
    } catch (err) {
      throw providerError(err, 'create a Checkout Session');
    }
  }

  /**
   * The card form posts to our server only with the sandbox: with Stripe the card is typed into Stripe's own fields
   * (Stripe.js and a SetupIntent), so a card number sent here is refused without reaching anyone.
   */
  async saveCard(_card: CardDetails): Promise<SavedCard> {
    throw new ValidationError('Please enter your card in the secure Stripe form');
  }

  /** An off-session PaymentIntent on the customer's (cardToken's) default card, confirmed at once. */
  async charge(request: ChargeRequest): Promise<{ reference: string }> {
    try {
      const customer = await this.stripe.customers.retrieve(request.cardToken);
      const card = customer.deleted ? null : customer.invoice_settings.default_payment_method;
      if (!card) throw new CardDeclinedError('no card on file at Stripe');
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: toCents(request.amount), currency: request.currency.toLowerCase(), customer: customer.id,
          payment_method: typeof card === 'string' ? card : card.id, off_session: true, confirm: true, description: request.description,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (intent.status !== 'succeeded' && intent.status !== 'processing') throw new CardDeclinedError(`payment ${intent.status}`);
      return { reference: intent.id };
    } catch (err) {
      throw providerError(err, 'charge a card');
    }
  }

  /** Ends the subscription now (DELETE /v1/subscriptions/{id}); Stripe's "no such subscription" means it already ended. */
  async cancelSubscription(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(subscriptionId);
    } catch (err) {
      if (isMissing(err)) return;
      throw providerError(err, 'cancel a subscription');
    }
  }

  /** The event of a webhook request, once its Stripe-Signature is checked against STRIPE_WEBHOOK_SECRET. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event | undefined {
    if (!signature) return undefined;
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeSignatureVerificationError) return undefined;
      throw err;
    }
  }
}
