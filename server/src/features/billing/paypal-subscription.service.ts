import type { SubscriptionDetails } from '@shrinkly/contract';
import type { Logger } from 'pino';
import type { PaymentPort } from '../../adapters/payments/payment.port.js';
import {
  type PaypalPayments,
  type PaypalSubscription,
  type PaypalWebhookHeaders,
  readSubscription,
} from '../../adapters/payments/paypal.payments.js';
import { ConflictError, NotFoundError, PaymentRequiredError, ValidationError } from '../../common/errors.js';
import { atProvider, paypalOnly } from './provider-call.js';
import type { ProviderSubscriptionEvent, SubscriptionDetailsReader, SubscriptionEventHandler } from './subscription-events.js';
import type { WebhookEventRepository } from './webhook-event.repository.js';

const PROVIDER = 'paypal';

/** A webhook delivery's body, as PayPal sends every event. */
interface WebhookEvent {
  id: string;
  event_type: string;
  resource: Record<string, unknown>;
}

/** The subscription events PayPal ends a subscription with: canceled by the payer, suspended after failed payments, run out. */
const ENDED = new Set(['BILLING.SUBSCRIPTION.CANCELLED', 'BILLING.SUBSCRIPTION.SUSPENDED', 'BILLING.SUBSCRIPTION.EXPIRED']);

function isWebhookEvent(body: unknown): body is WebhookEvent {
  const event = body as Partial<WebhookEvent> | null;
  return typeof event === 'object' && event !== null && typeof event.id === 'string' && typeof event.event_type === 'string'
    && typeof event.resource === 'object' && event.resource !== null;
}

/**
 * PayPal subscriptions (PAYMENT_PROVIDER=paypal): the subscription created for the payer to approve at PayPal, its
 * activation once PayPal itself says it is the caller's and active, and PayPal's webhook deliveries once PayPal
 * verifies them, each event acted on once (webhook_events). What each means for the plan is the plan life cycle's: it
 * gets a ProviderSubscriptionEvent. With another provider, everything here is "not found".
 */
export class PaypalSubscriptionService {
  constructor(
    private readonly payments: PaymentPort,
    private readonly events: WebhookEventRepository,
    /** The plan life cycle (features/plans). */
    private readonly subscriptionEvents: SubscriptionEventHandler,
    /** The plan life cycle's details of an account, looked up when first needed. */
    private readonly details: () => SubscriptionDetailsReader,
    private readonly logger: Logger,
  ) {}

  /** A subscription to the plan, for the payer to approve at PayPal; refused while the caller's plan is active. */
  async create(user: { id: string; email: string; name: string }, payer: { userEmail: string; userName: string }): Promise<{ id: string; approvalUrl: string | null }> {
    const paypal = paypalOnly(this.payments);
    const current = await this.details().details(user.id);
    if (current.status === 'active') throw new ConflictError('You already have an active subscription');
    return atProvider(this.logger, () =>
      paypal.createSubscription({ userId: user.id, email: payer.userEmail.trim() || user.email, name: payer.userName.trim() || user.name }),
    );
  }

  /**
   * Premium once PayPal says so: the subscription is read from PayPal, never taken from the caller, and accepted only
   * when it is the caller's (its custom_id), for our plan, and active.
   */
  async activate(userId: string, subscriptionId: string): Promise<SubscriptionDetails> {
    const paypal = paypalOnly(this.payments);
    const subscription = await atProvider(this.logger, () => paypal.subscription(subscriptionId));
    if (!subscription || subscription.customId !== userId || subscription.planId !== paypal.planId) {
      throw new NotFoundError('PayPal subscription not found');
    }
    if (subscription.status === 'APPROVAL_PENDING') throw new PaymentRequiredError('The subscription has not been approved at PayPal yet');
    if (subscription.status === 'APPROVED') {
      throw new ConflictError('PayPal has your approval but has not activated the subscription yet: try again in a minute');
    }
    if (subscription.status !== 'ACTIVE') {
      throw new ConflictError(`This PayPal subscription is ${subscription.status.toLowerCase()}: please subscribe again`);
    }
    await this.subscriptionEvents.handle(activated(subscription, userId));
    return this.details().details(userId);
  }

  /**
   * A webhook delivery: PayPal verifies it first (anything else is refused and changes nothing), then the events
   * the plan cares about go to the plan life cycle, once per event id (a replay is acknowledged and does nothing);
   * other event types are ignored. When acting fails, the event is released and the request fails, so PayPal
   * delivers it again. `eventJson` is the body as text.
   */
  async webhook(headers: Partial<PaypalWebhookHeaders>, body: unknown, eventJson: string): Promise<'handled' | 'replayed' | 'ignored'> {
    const paypal = paypalOnly(this.payments);
    const { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime } = headers;
    if (!authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime || !isWebhookEvent(body)) {
      throw new ValidationError('Not a PayPal webhook delivery');
    }
    const verified = await atProvider(this.logger, () =>
      paypal.verifyWebhook({ authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime }, eventJson),
    );
    if (!verified) throw new ValidationError('PayPal did not verify this webhook delivery');
    const event = await this.toEvent(paypal, body);
    if (!event) {
      this.logger.info({ paypalEvent: body.id, eventType: body.event_type }, 'PayPal webhook event ignored');
      return 'ignored';
    }
    if (!(await this.events.claim(PROVIDER, body.id, body.event_type))) return 'replayed';
    try {
      await this.subscriptionEvents.handle(event);
    } catch (err) {
      await this.events.release(PROVIDER, body.id);
      throw err;
    }
    return 'handled';
  }

  private async toEvent(paypal: PaypalPayments, event: WebhookEvent): Promise<ProviderSubscriptionEvent | undefined> {
    const { resource } = event;
    const resourceId = typeof resource.id === 'string' ? resource.id : undefined;
    if (event.event_type === 'BILLING.SUBSCRIPTION.ACTIVATED') {
      const subscription = readSubscription(resource as unknown as Parameters<typeof readSubscription>[0]);
      if (!subscription.customId || subscription.planId !== paypal.planId) return undefined;
      return activated(subscription, subscription.customId);
    }
    if (event.event_type === 'PAYMENT.SALE.COMPLETED') {
      const subscriptionId = resource.billing_agreement_id;
      const amount = resource.amount as { total?: string; currency?: string } | undefined;
      if (typeof subscriptionId !== 'string' || !resourceId || !amount?.total || !amount.currency) return undefined;
      // The sale does not say which period it paid for: the subscription's next billing time does.
      const subscription = await atProvider(this.logger, () => paypal.subscription(subscriptionId));
      return {
        type: 'paid', provider: PROVIDER, subscriptionId, eventId: event.id, amount: Number(amount.total), currency: amount.currency,
        reference: resourceId, periodEnd: subscription?.nextBillingTime ?? null,
      };
    }
    if (!resourceId) return undefined;
    if (event.event_type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED') {
      return { type: 'payment-failed', provider: PROVIDER, subscriptionId: resourceId, eventId: event.id };
    }
    if (ENDED.has(event.event_type)) return { type: 'canceled', provider: PROVIDER, subscriptionId: resourceId, eventId: event.id };
    return undefined;
  }
}

function activated(subscription: PaypalSubscription, userId: string): ProviderSubscriptionEvent {
  return {
    type: 'activated', provider: PROVIDER, subscriptionId: subscription.id, userId,
    trialEndsAt: subscription.inTrial ? subscription.nextBillingTime : null, periodEnd: subscription.nextBillingTime,
  };
}
