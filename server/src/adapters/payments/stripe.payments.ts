import { createHash } from 'node:crypto';
import { pages, TRIAL_DAYS } from '@shrinkly/contract';
import Stripe from 'stripe';
import type { StripeConfig } from '../../config/app.config.js';
import type {
  CardFieldPlans,
  CheckoutRequest,
  HostedCheckout,
  ProviderCard,
  ProviderSubscription,
  StripeWebhooks,
  SubscriptionStart,
} from './payment.port.js';
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
    return new ProviderUnavailableError(
      `Stripe failed to ${doing}: ${err.type}${err.code ? ` ${err.code}` : ''} (${err.statusCode ?? 'no answer'}): ${err.message}`,
    );
  }
  return err instanceof Error ? err : new Error(String(err));
}

function isMissing(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing';
}

/** A subscription's status at Stripe, as our plans read it. */
function statusOf(status: Stripe.Subscription.Status): ProviderSubscription['status'] {
  switch (status) {
    case 'trialing':
      return 'trialing';
    case 'active':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'incomplete':
      return 'pending';
    default:
      // canceled, incomplete_expired: it never bills again.
      return 'ended';
  }
}

/** The end of the subscription's current period (kept on its items since API version 2025-03-31). */
export function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const end = subscription.items?.data?.[0]?.current_period_end;
  return end ? new Date(end * 1000) : null;
}

/** The end of the period an invoice pays for: its subscription line's period. */
export function invoicePeriodEnd(invoice: Stripe.Invoice): Date | null {
  const lines = invoice.lines?.data ?? [];
  const line = lines.find((l) => l.parent?.type === 'subscription_item_details') ?? lines[0];
  return line?.period?.end ? new Date(line.period.end * 1000) : null;
}

/** The subscription as our plans read it; its latest invoice (expanded) is its charge when it was paid. */
export function readStripeSubscription(
  subscription: Stripe.Subscription,
  card: ProviderCard | null = null,
): ProviderSubscription {
  const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
  const paid = invoice && invoice.status === 'paid' && invoice.amount_paid > 0;
  const status = statusOf(subscription.status);
  return {
    id: subscription.id,
    status,
    userId: subscription.metadata?.userId ?? null,
    trialEndsAt: subscription.status === 'trialing' && subscription.trial_end ? new Date(subscription.trial_end * 1000) : null,
    // What was paid runs out at the end of the period its last paid invoice covers (a trial at its end): Stripe moves
    // `current_period_end` on at each renewal before the charge is tried, so it says nothing of what was paid.
    periodEnd: status === 'trialing' ? periodEndOf(subscription) : paid ? invoicePeriodEnd(invoice) : null,
    charges:
      paid && invoice.id
        ? [
            {
              reference: invoice.id,
              amount: invoice.amount_paid / 100,
              currency: invoice.currency.toUpperCase(),
              periodEnd: invoicePeriodEnd(invoice),
            },
          ]
        : [],
    card,
  };
}

/**
 * Plans at Stripe: the card is typed into Stripe's hosted fields (Stripe.js) against a SetupIntent, never on our
 * server; with the payment method that gives, Stripe runs the 7-day trial and then bills STRIPE_PRICE_ID monthly, or
 * bills the first month at once. Its webhooks (invoice.paid, invoice.payment_failed, customer.subscription.*) report
 * what happens next, and a subscription is read back from Stripe whenever that matters.
 */
export class StripePlans implements CardFieldPlans {
  readonly name = 'stripe';

  constructor(
    private readonly stripe: Stripe,
    private readonly config: StripeConfig,
  ) {}

  /**
   * A Stripe customer for the account (metadata userId) and a SetupIntent to save its card off-session. The same
   * account asking again within Stripe's idempotency window (24 hours) gets the same customer; the key follows the
   * name and email too, since Stripe refuses a key reused with other parameters.
   */
  async setupCard(user: {
    id: string;
    email: string;
    name: string;
  }): Promise<{ clientSecret: string; publishableKey: string; customerId: string }> {
    const params = { email: user.email, name: user.name, metadata: { userId: user.id } };
    const fingerprint = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16);
    try {
      const customer = await this.stripe.customers.create(params, {
        idempotencyKey: `shrinkly-customer-${user.id}-${fingerprint}`,
      });
      const intent = await this.stripe.setupIntents.create({
        customer: customer.id,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
        metadata: { userId: user.id },
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
   * A subscription on STRIPE_PRICE_ID with the saved card as the customer's default: the 7-day trial (Stripe charges
   * at its end), or premium now, the first month charged as it is made; a refused card fails the call
   * (`error_if_incomplete`) with CardDeclinedError instead of leaving an unpaid subscription behind. The idempotency
   * key carries the attempt, so a retried call is one subscription and a new attempt another; the answer is read back.
   */
  async startSubscription(request: SubscriptionStart): Promise<ProviderSubscription> {
    const { customerId, userId, trial, deferUntil, attempt } = request;
    try {
      let paymentMethodId = request.paymentMethodId;
      if (paymentMethodId) {
        await this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
      } else {
        const customer = await this.stripe.customers.retrieve(customerId);
        const saved = customer.deleted ? null : customer.invoice_settings.default_payment_method;
        paymentMethodId = typeof saved === 'string' ? saved : (saved?.id ?? null);
        if (!paymentMethodId) throw new CardDeclinedError('no card on file at Stripe');
      }
      // A deferred start is Stripe's trial_end: nothing is charged until then (the period already paid for runs out).
      const start = trial
        ? { trial_period_days: TRIAL_DAYS }
        : deferUntil
          ? { trial_end: Math.floor(deferUntil.getTime() / 1000) }
          : { payment_behavior: 'error_if_incomplete' as const };
      const kind = trial ? 'trial' : deferUntil ? 'resume' : 'premium';
      const created = await this.stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: this.config.priceId }],
          default_payment_method: paymentMethodId,
          metadata: { userId },
          ...start,
        },
        { idempotencyKey: `shrinkly-${kind}-${customerId}-${attempt}` },
      );
      // Made (and maybe charged): whatever happens to the read back, the subscription is answered so that it is recorded.
      const [subscription, pm] = await Promise.all([
        this.stripe.subscriptions.retrieve(created.id, { expand: ['latest_invoice'] }).catch(() => created),
        this.stripe.paymentMethods.retrieve(paymentMethodId).catch(() => null),
      ]);
      const card = pm?.card
        ? {
            token: customerId,
            brand: pm.card.brand,
            last4: pm.card.last4,
            expMonth: pm.card.exp_month,
            expYear: pm.card.exp_year,
          }
        : null;
      return readStripeSubscription(subscription, card);
    } catch (err) {
      throw providerError(err, 'start a subscription');
    }
  }

  async subscription(id: string): Promise<ProviderSubscription | undefined> {
    try {
      return readStripeSubscription(await this.stripe.subscriptions.retrieve(id, { expand: ['latest_invoice'] }));
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw providerError(err, 'read a subscription');
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
}

/**
 * Pay-per-file through Stripe Checkout: the payer leaves for Stripe's page and comes back; the
 * checkout.session.completed webhook marks the purchase paid.
 */
export class StripeCheckout implements HostedCheckout {
  constructor(
    private readonly stripe: Stripe,
    private readonly appUrl: string,
  ) {}

  /**
   * A Checkout Session for the purchase: one line item of its amount, metadata {kind, id} for the webhook, back to
   * /payment-success (or /payment-error when the payer cancels). Keyed by the purchase, so asking again for the
   * same purchase answers the same session.
   */
  async checkoutUrl(request: CheckoutRequest): Promise<string> {
    const { kind, id } = request.purchase;
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: toCents(request.amount),
                product_data: { name: request.description },
              },
            },
          ],
          // Stripe fills in {CHECKOUT_SESSION_ID} itself.
          success_url: `${this.appUrl}${pages.paymentSuccess(kind, id)}&paymentId={CHECKOUT_SESSION_ID}`,
          cancel_url: `${this.appUrl}${pages.paymentError('payment_cancelled', id)}`,
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
}

/** Stripe's webhook requests, checked against STRIPE_WEBHOOK_SECRET. */
export class StripeWebhookVerifier implements StripeWebhooks {
  readonly format = 'stripe';

  constructor(
    private readonly stripe: Stripe,
    private readonly secret: string,
  ) {}

  /** The event of a webhook request, once its Stripe-Signature is checked; undefined when it is not Stripe's. */
  verify(rawBody: Buffer, signature: string | undefined): Stripe.Event | undefined {
    if (!signature) return undefined;
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.secret);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeSignatureVerificationError) return undefined;
      throw err;
    }
  }
}

/**
 * Stripe: pay-per-file through Stripe Checkout, plans Stripe runs and bills (started from its own card fields), and
 * its signed webhooks. Cards never reach our server, and we never charge a Stripe customer ourselves: every charge of
 * a plan is Stripe's, on a subscription.
 */
export class StripePayments extends PaymentPort {
  readonly provider = 'stripe';
  readonly isSandbox = false;
  override readonly cardFieldPlans: StripePlans;
  override readonly checkout: StripeCheckout;
  override readonly webhooks: StripeWebhookVerifier;

  constructor(stripe: Stripe, config: StripeConfig, appUrl: string) {
    super();
    this.cardFieldPlans = new StripePlans(stripe, config);
    this.checkout = new StripeCheckout(stripe, appUrl);
    this.webhooks = new StripeWebhookVerifier(stripe, config.webhookSecret);
  }
}
