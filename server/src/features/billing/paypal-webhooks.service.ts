import type { Logger } from 'pino';
import type { PaypalWebhookHeaders, PaypalWebhooks } from '../../adapters/payments/payment.port.js';
import { NotFoundError, ValidationError } from '../../common/errors.js';
import { atProvider } from './provider-call.js';
import type { ProviderSubscriptionEvent, SubscriptionEventHandler } from './subscription-events.js';
import type { WebhookEventRepository } from './webhook-event.repository.js';

const PROVIDER = 'paypal';

/** A webhook delivery's body, as PayPal sends every event. */
interface WebhookEvent {
  id: string;
  event_type: string;
  resource: Record<string, unknown>;
}

function isWebhookEvent(body: unknown): body is WebhookEvent {
  const event = body as Partial<WebhookEvent> | null;
  return (
    typeof event === 'object' &&
    event !== null &&
    typeof event.id === 'string' &&
    typeof event.event_type === 'string' &&
    typeof event.resource === 'object' &&
    event.resource !== null
  );
}

/** What a PayPal event means to the plans: a sale of a subscription, news of one, or nothing. */
export function paypalMeaningOf(event: WebhookEvent): ProviderSubscriptionEvent | undefined {
  const { resource } = event;
  const resourceId = typeof resource.id === 'string' ? resource.id : undefined;
  if (event.event_type === 'PAYMENT.SALE.COMPLETED') {
    const subscriptionId = resource.billing_agreement_id;
    const amount = resource.amount as { total?: string; currency?: string } | undefined;
    if (typeof subscriptionId !== 'string' || !resourceId || !amount?.total || !amount.currency) return undefined;
    return {
      type: 'paid',
      provider: PROVIDER,
      subscriptionId,
      eventId: event.id,
      amount: Number(amount.total),
      currency: amount.currency,
      reference: resourceId,
    };
  }
  if (event.event_type.startsWith('BILLING.SUBSCRIPTION.') && resourceId) {
    return { type: 'changed', provider: PROVIDER, subscriptionId: resourceId, eventId: event.id };
  }
  return undefined;
}

/**
 * PayPal's webhook deliveries (PAYMENT_PROVIDER=paypal): PayPal verifies each first (anything else is refused and
 * changes nothing), then the events the plans care about go to the plan life cycle once per event id (a replay is
 * acknowledged and does nothing). When acting fails, the event is released and the request fails, so PayPal delivers
 * it again. With another provider, "not found".
 */
export class PaypalWebhookService {
  constructor(
    private readonly webhooks: PaypalWebhooks | undefined,
    private readonly events: WebhookEventRepository,
    /** The plan life cycle (features/plans). */
    private readonly subscriptionEvents: SubscriptionEventHandler,
    private readonly logger: Logger,
  ) {}

  /** `eventJson` is the body as text, as PayPal's verification call takes it. */
  async handle(
    headers: Partial<PaypalWebhookHeaders>,
    body: unknown,
    eventJson: string,
  ): Promise<'handled' | 'replayed' | 'ignored'> {
    const webhooks = this.webhooks;
    if (!webhooks) throw new NotFoundError('Not found');
    const { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime } = headers;
    if (!authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime || !isWebhookEvent(body)) {
      throw new ValidationError('Not a PayPal webhook delivery');
    }
    const verified = await atProvider(this.logger, () =>
      webhooks.verify({ authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime }, eventJson),
    );
    if (!verified) throw new ValidationError('PayPal did not verify this webhook delivery');
    const event = paypalMeaningOf(body);
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
}
