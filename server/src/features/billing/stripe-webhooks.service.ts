import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { PaymentEvent } from '../../adapters/payments/payment.port.js';
import { periodEndOf } from '../../adapters/payments/stripe.payments.js';
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

const date = (seconds: number | null | undefined): Date | null => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** The subscription an invoice bills (under `parent.subscription_details` since API version 2025-03-31). */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/** The end of the period an invoice pays for: its subscription line's period. */
function paidPeriodEnd(invoice: Stripe.Invoice): Date | null {
  const lines = invoice.lines?.data ?? [];
  const line = lines.find((l) => l.parent?.type === 'subscription_item_details') ?? lines[0];
  return date(line?.period?.end);
}

/** The plan is on at Stripe: its account is the one that created it with us (metadata userId). */
function activated(subscription: Stripe.Subscription): StripeEventMeaning {
  const userId = subscription.metadata?.userId;
  if (!userId) return { kind: 'ignored', reason: 'a subscription without our userId' };
  return {
    kind: 'subscription',
    event: {
      type: 'activated', provider: PROVIDER, subscriptionId: subscription.id, userId,
      trialEndsAt: date(subscription.trial_end), periodEnd: periodEndOf(subscription),
    },
  };
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
          purchase: { kind, id }, amount: (session.amount_total ?? 0) / 100, currency: (session.currency ?? 'usd').toUpperCase(),
          provider: PROVIDER, providerReference: idOf(session.payment_intent) ?? session.id,
        },
      };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = subscriptionOfInvoice(invoice);
      if (!subscriptionId) return { kind: 'ignored', reason: 'an invoice of no subscription' };
      // Starting a trial "pays" a $0 invoice: nothing was charged.
      if (invoice.amount_paid === 0) return { kind: 'ignored', reason: 'a $0 invoice' };
      return {
        kind: 'subscription',
        event: {
          type: 'paid', provider: PROVIDER, subscriptionId, eventId: event.id, amount: invoice.amount_paid / 100,
          currency: invoice.currency.toUpperCase(), reference: invoice.id, periodEnd: paidPeriodEnd(invoice),
        },
      };
    }
    case 'invoice.payment_failed': {
      const subscriptionId = subscriptionOfInvoice(event.data.object);
      if (!subscriptionId) return { kind: 'ignored', reason: 'an invoice of no subscription' };
      return { kind: 'subscription', event: { type: 'payment-failed', provider: PROVIDER, subscriptionId, eventId: event.id } };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      const before = event.type === 'customer.subscription.updated'
        ? (event.data.previous_attributes as Partial<Stripe.Subscription> | undefined)?.status
        : 'new';
      // Started (its trial, or paid at once), or active after the trial or an incomplete first payment; other
      // changes arrive as invoice events.
      const started = before === 'new' && (subscription.status === 'trialing' || subscription.status === 'active');
      const turnedActive = subscription.status === 'active' && (before === 'trialing' || before === 'incomplete');
      if (!started && !turnedActive) return { kind: 'ignored', reason: `subscription ${before ?? 'unchanged'} → ${subscription.status}` };
      return activated(subscription);
    }
    case 'customer.subscription.deleted':
      return { kind: 'subscription', event: { type: 'canceled', provider: PROVIDER, subscriptionId: event.data.object.id, eventId: event.id } };
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
      this.logger.warn({ eventId: event.id, purchase: payment.purchase, reference: payment.providerReference }, 'stripe payment for a purchase that is gone');
      return;
    }
    await this.billing.paid({ ...payment, userId: terms.userId });
  }
}
