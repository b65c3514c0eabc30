import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { PaymentEvent } from '../../adapters/payments/payment.port.js';
import { NotFoundError } from '../../common/errors.js';
import type { BillingService } from './billing.service.js';
import type { ProviderSubscriptionEvent, SubscriptionEventHandler } from './subscription-events.js';
import type { WebhookEventRepository } from './webhook-event.repository.js';

const PROVIDER = 'stripe';

/** What an event of Stripe's means to us: a purchase paid, a subscription event, or nothing we act on. */
export type StripeEventMeaning =
  | { kind: 'purchase-paid'; payment: Omit<PaymentEvent, 'userId'> }
  | { kind: 'subscription'; event: ProviderSubscriptionEvent }
  | { kind: 'ignored'; reason: string };

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The subscription an invoice bills (under `parent.subscription_details` since API version 2025-03-31). */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/** News of a subscription: the plans read it back from Stripe rather than trusting the event's copy. */
function changed(event: Stripe.Event, subscriptionId: string): StripeEventMeaning {
  return { kind: 'subscription', event: { type: 'changed', provider: PROVIDER, subscriptionId, eventId: event.id } };
}

/** Reads one verified Stripe event as what it means to billing and the plans; pure, so each mapping is testable alone. */
export function meaningOf(event: Stripe.Event): StripeEventMeaning {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const kind = session.metadata?.kind;
      const id = session.metadata?.id;
      if (kind !== 'compression' || !id) return { kind: 'ignored', reason: 'a checkout of something we do not sell' };
      if (session.payment_status !== 'paid') return { kind: 'ignored', reason: `checkout ${session.payment_status}` };
      return {
        kind: 'purchase-paid',
        payment: {
          purchase: { kind, id },
          amount: (session.amount_total ?? 0) / 100,
          currency: (session.currency ?? 'usd').toUpperCase(),
          provider: PROVIDER,
          providerReference: idOf(session.payment_intent) ?? session.id,
        },
      };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = subscriptionOfInvoice(invoice);
      if (!subscriptionId) return { kind: 'ignored', reason: 'an invoice of no subscription' };
      // Starting a trial "pays" a $0 invoice: nothing was charged, but the subscription may have changed.
      if (invoice.amount_paid === 0 || !invoice.id) return changed(event, subscriptionId);
      return {
        kind: 'subscription',
        event: {
          type: 'paid',
          provider: PROVIDER,
          subscriptionId,
          eventId: event.id,
          amount: invoice.amount_paid / 100,
          currency: invoice.currency.toUpperCase(),
          reference: invoice.id,
        },
      };
    }
    case 'invoice.payment_failed': {
      const subscriptionId = subscriptionOfInvoice(event.data.object);
      if (!subscriptionId) return { kind: 'ignored', reason: 'an invoice of no subscription' };
      return changed(event, subscriptionId);
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return changed(event, event.data.object.id);
    default:
      return { kind: 'ignored', reason: `${event.type} is not used` };
  }
}

export type WebhookOutcome = 'handled' | 'replayed' | 'ignored';

/**
 * Stripe's verified events, each acted on once (webhook_events): a paid checkout is a payment handed to billing (the
 * ledger, then the fulfilment); subscription events go to the plan life cycle (SubscriptionEventHandler). When
 * acting fails, the event is released and the request fails, so Stripe delivers it again.
 */
export class StripeWebhookService {
  constructor(
    private readonly billing: BillingService,
    private readonly events: WebhookEventRepository,
    /** The plan life cycle (features/plans). */
    private readonly subscriptionEvents: SubscriptionEventHandler,
    private readonly logger: Logger,
  ) {}

  async handle(event: Stripe.Event): Promise<WebhookOutcome> {
    const meaning = meaningOf(event);
    if (meaning.kind === 'ignored') {
      this.logger.debug({ eventId: event.id, type: event.type, reason: meaning.reason }, 'stripe event ignored');
      return 'ignored';
    }
    if (!(await this.events.claim(PROVIDER, event.id, event.type))) return 'replayed';
    try {
      if (meaning.kind === 'purchase-paid') await this.purchasePaid(event, meaning.payment);
      else await this.subscriptionEvents.handle(meaning.event);
    } catch (err) {
      await this.events.release(PROVIDER, event.id);
      throw err;
    }
    return 'handled';
  }

  private async purchasePaid(event: Stripe.Event, payment: Omit<PaymentEvent, 'userId'>): Promise<void> {
    const terms = await this.billing.terms(payment.purchase).catch((err: unknown) => {
      if (err instanceof NotFoundError) return undefined;
      throw err;
    });
    if (!terms) {
      // Paid at Stripe for something no longer waiting here (removed since): kept in Stripe's records for a refund.
      this.logger.warn(
        { eventId: event.id, purchase: payment.purchase, reference: payment.providerReference },
        'stripe payment for a purchase that is gone',
      );
      return;
    }
    await this.billing.paid({ ...payment, userId: terms.userId });
  }
}
