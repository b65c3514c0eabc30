import { pino } from 'pino';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { BillingService } from './billing.service.js';
import { meaningOf, StripeWebhookService } from './stripe-webhooks.service.js';
import type { ProviderSubscriptionEvent, SubscriptionEventHandler } from './subscription-events.js';
import type { WebhookEventRepository } from './webhook-event.repository.js';

const T = 1_790_000_000;
let counter = 0;

/** An event as Stripe sends it (only the fields the mapping reads, the rest as Stripe would have them). */
function event(type: string, object: Record<string, unknown>, previous?: Record<string, unknown>): Stripe.Event {
  counter += 1;
  return {
    id: `evt_${counter}`,
    object: 'event',
    type,
    created: T,
    data: { object, ...(previous ? { previous_attributes: previous } : {}) },
  } as unknown as Stripe.Event;
}

function invoice(amountPaid: number, subscription: string | null = 'sub_1'): Record<string, unknown> {
  return {
    id: 'in_1',
    object: 'invoice',
    amount_paid: amountPaid,
    currency: 'usd',
    period_end: T,
    parent: subscription ? { type: 'subscription_details', subscription_details: { subscription, metadata: {} } } : null,
    lines: {
      object: 'list',
      data: [
        {
          id: 'il_1',
          object: 'line_item',
          period: { start: T, end: T + 2_592_000 },
          parent: { type: 'subscription_item_details' },
        },
      ],
    },
  };
}

function subscription(status: string, metadata: Record<string, string> = { userId: 'u1' }): Record<string, unknown> {
  return {
    id: 'sub_1',
    object: 'subscription',
    status,
    metadata,
    trial_end: T + 604_800,
    items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_end: T + 604_800 }] },
  };
}

function session(
  paymentStatus: string,
  metadata: Record<string, string> = { kind: 'compression', id: 'job-1' },
): Record<string, unknown> {
  return {
    id: 'cs_test_1',
    object: 'checkout.session',
    payment_status: paymentStatus,
    amount_total: 100,
    currency: 'usd',
    payment_intent: 'pi_1',
    metadata,
  };
}

describe('meaningOf: what each Stripe event means to billing and the plans', () => {
  it("reads a paid invoice as a charge of its subscription, by the invoice's id", () => {
    const e = event('invoice.paid', invoice(399));
    expect(meaningOf(e)).toEqual({
      kind: 'subscription',
      event: {
        type: 'paid',
        provider: 'stripe',
        subscriptionId: 'sub_1',
        eventId: e.id,
        amount: 3.99,
        currency: 'USD',
        reference: 'in_1',
      },
    });
  });

  it("reads the trial's $0 invoice as news of its subscription, and ignores invoices of no subscription", () => {
    const trial = event('invoice.paid', invoice(0));
    expect(meaningOf(trial)).toEqual({
      kind: 'subscription',
      event: { type: 'changed', provider: 'stripe', subscriptionId: 'sub_1', eventId: trial.id },
    });
    expect(meaningOf(event('invoice.paid', invoice(399, null))).kind).toBe('ignored');
  });

  it('reads failed invoices and every subscription event as news to read back, never as a state to apply', () => {
    const changed = (e: Stripe.Event) => ({
      kind: 'subscription',
      event: { type: 'changed', provider: 'stripe', subscriptionId: 'sub_1', eventId: e.id },
    });
    const failed = event('invoice.payment_failed', invoice(0));
    expect(meaningOf(failed)).toEqual(changed(failed));
    for (const e of [
      event('customer.subscription.deleted', subscription('canceled')),
      event('customer.subscription.created', subscription('trialing')),
      event('customer.subscription.updated', subscription('active'), { status: 'trialing' }),
      // Even one without our userId: what it means is decided from our own record of the subscription.
      event('customer.subscription.created', subscription('trialing', {})),
    ]) {
      expect(meaningOf(e)).toEqual(changed(e));
    }
  });

  it('reads a paid checkout of a compression as its payment', () => {
    expect(meaningOf(event('checkout.session.completed', session('paid')))).toEqual({
      kind: 'purchase-paid',
      payment: {
        purchase: { kind: 'compression', id: 'job-1' },
        amount: 1,
        currency: 'USD',
        provider: 'stripe',
        providerReference: 'pi_1',
      },
    });
    expect(meaningOf(event('checkout.session.completed', session('unpaid'))).kind).toBe('ignored');
    expect(meaningOf(event('checkout.session.completed', session('paid', { kind: 'gift', id: 'x' }))).kind).toBe('ignored');
    expect(meaningOf(event('charge.refunded', {})).kind).toBe('ignored');
  });
});

describe('StripeWebhookService', () => {
  /** The webhook_events table in memory. */
  class Claims {
    readonly ids = new Set<string>();
    async claim(_provider: string, eventId: string): Promise<boolean> {
      if (this.ids.has(eventId)) return false;
      this.ids.add(eventId);
      return true;
    }
    async release(_provider: string, eventId: string): Promise<void> {
      this.ids.delete(eventId);
    }
  }

  function service(handler: Pick<SubscriptionEventHandler, 'handle'>) {
    const claims = new Claims();
    const webhooks = new StripeWebhookService(
      {} as BillingService,
      claims as unknown as WebhookEventRepository,
      handler as SubscriptionEventHandler,
      pino({ level: 'silent' }),
    );
    return { webhooks, claims };
  }

  it('acts on an event once, and again after a failure released it', async () => {
    const seen: ProviderSubscriptionEvent[] = [];
    let fail = true;
    const { webhooks, claims } = service({
      handle: async (e) => {
        if (fail) throw new Error('database down');
        seen.push(e);
      },
    });
    const e = event('invoice.payment_failed', invoice(0));
    await expect(webhooks.handle(e)).rejects.toThrow('database down');
    expect(claims.ids.size).toBe(0);
    fail = false;
    expect(await webhooks.handle(e)).toBe('handled');
    expect(await webhooks.handle(e)).toBe('replayed');
    expect(seen).toHaveLength(1);
    expect(await webhooks.handle(event('customer.created', {}))).toBe('ignored');
    expect(claims.ids.size).toBe(1);
  });
});
