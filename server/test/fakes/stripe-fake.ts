import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for Stripe's API (https://api.stripe.com/v1), speaking its HTTP protocol for the calls Shrinkly
 * makes: form-encoded bodies with bracket notation (`line_items[0][price_data][unit_amount]=100`), the secret key as
 * `Authorization: Bearer sk_…`, `Idempotency-Key` (the same key answers the same object; other parameters under it
 * are refused as Stripe refuses them), JSON answers whose objects carry `object`, and Stripe's error body
 * `{error: {type, code, message, decline_code}}`: 402 card_error, 400/404 invalid_request_error, 401 for a bad key.
 *
 * Test cards are Stripe's test payment methods: `pm_card_visa` and `pm_card_mastercard` pay, `pm_card_chargeDeclined`
 * attaches but every charge is declined (402 card_declined). `webhook()` builds the events Stripe would send and
 * `deliver()` posts one to our server signed with the SDK's own test signature helper.
 */

type Json = Record<string, unknown>;

interface TestCard {
  brand: string;
  last4: string;
  declines: boolean;
}

const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242', declines: false },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', declines: false },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', declines: true },
};

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The raw form body, as sent. */
  body: string;
  params: Json;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(String(error.message));
  }
}

const DAY_S = 24 * 60 * 60;
const MONTH_S = 30 * DAY_S;

/** `a[b][0][c]=1&a[d]=x` → {a: {b: [{c: '1'}], d: 'x'}}, as Stripe reads form bodies. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Json = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1] as string);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Json;
    });
  }
  return root;
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

function invalid(message: string, code: string, param?: string, status = 400): StripeApiError {
  return new StripeApiError(status, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) });
}

function missing(kind: string, objectId: string, param = 'id'): StripeApiError {
  return invalid(`No such ${kind}: '${objectId}'`, 'resource_missing', param, 404);
}

export interface StripeFakeOptions {
  secretKey: string;
  webhookSecret: string;
  /** The prices subscriptions may be created on, by id. */
  prices: Record<string, { unitAmount: number; currency: string }>;
  /** The fake's clock in milliseconds, for tests that move time across trial and period ends. */
  now?: () => number;
}

export class StripeFake {
  readonly requests: FakeRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly paymentMethods = new Map<string, Json>();
  readonly setupIntents = new Map<string, Json>();
  readonly paymentIntents = new Map<string, Json>();
  readonly sessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly invoices = new Map<string, Json>();
  private readonly idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  /** How long each answer takes (a slow Stripe, to let requests overlap). */
  latencyMs = 0;
  /** Outages to answer before the next calls (to one route, or any). */
  private failures: Array<{ status: number; route?: string }> = [];
  private server: Server | undefined;
  baseUrl = '';

  constructor(readonly options: StripeFakeOptions) {}

  /** Seconds since the epoch on the fake's clock (real time unless the test gives one). */
  private now(): number {
    return Math.floor((this.options.now ?? Date.now)() / 1000);
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /**
   * The next `count` API calls (to `route`, such as 'POST /v1/payment_intents', or every path under a prefix ending
   * in `*`, when given) answer `status` with Stripe's api_error body.
   */
  failNext(count: number, status = 500, route?: string): void {
    for (let i = 0; i < count; i += 1) this.failures.push({ status, route });
  }

  /** Requests to a path (method and path, e.g. 'POST /v1/payment_intents'). */
  calls(route: string): FakeRequest[] {
    return this.requests.filter((r) => `${r.method} ${r.path}` === route);
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const params = method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
    this.requests.push({ method, path: url.pathname, headers: req.headers, body: raw, params });
    const send = (status: number, body: Json) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(body, null, 2));
    };

    if (req.headers.authorization !== `Bearer ${this.options.secretKey}`) {
      const given = String(req.headers.authorization ?? '').replace(/^Bearer\s+/, '');
      send(401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${given.slice(0, 8)}***` } });
      return;
    }
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    const here = `${method} ${url.pathname}`;
    const failure = this.failures.findIndex(
      (f) => !f.route || f.route === here || (f.route.endsWith('*') && here.startsWith(f.route.slice(0, -1))),
    );
    if (failure >= 0) {
      const [{ status }] = this.failures.splice(failure, 1) as [{ status: number }];
      send(status, { error: { type: 'api_error', message: 'An unknown error occurred' } });
      return;
    }
    const key = req.headers['idempotency-key'];
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    if (typeof key === 'string') {
      const seen = this.idempotent.get(key);
      if (seen && seen.fingerprint !== fingerprint) {
        send(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        });
        return;
      }
      if (seen) {
        res.setHeader('idempotent-replayed', 'true');
        send(seen.status, seen.body);
        return;
      }
    }
    let status = 200;
    let body: Json;
    try {
      body = this.route(method, url.pathname, params);
    } catch (err) {
      if (!(err instanceof StripeApiError)) throw err;
      status = err.status;
      body = { error: err.error };
    }
    // Stripe keeps the answer to a keyed request, errors included, once the request has started running.
    if (typeof key === 'string' && method === 'POST') this.idempotent.set(key, { fingerprint, status, body });
    send(status, body);
  }

  private route(method: string, path: string, p: Json): Json {
    const [, version, resource, objectId, extra] = path.split('/');
    if (version !== 'v1') throw invalid(`Unrecognized request URL (${method}: ${path}).`, 'url_invalid', undefined, 404);
    const route = `${method} ${resource}${objectId ? (extra ? `/:id/${extra}` : resource === 'checkout' ? `/${objectId}` : '/:id') : ''}`;
    switch (route) {
      case 'POST customers':
        return this.createCustomer(p);
      case 'GET customers/:id':
        return this.customer(objectId as string);
      case 'POST customers/:id':
        return this.updateCustomer(objectId as string, p);
      case 'GET payment_methods/:id': {
        const pm = this.paymentMethod(objectId as string);
        const expand = (p.expand as string[] | undefined) ?? [];
        return expand.includes('customer') && pm.customer ? { ...pm, customer: this.customer(String(pm.customer)) } : pm;
      }
      case 'POST setup_intents':
        return this.createSetupIntent(p);
      case 'POST payment_intents':
        return this.createPaymentIntent(p);
      case 'POST checkout/sessions':
        return this.createSession(p);
      case 'POST subscriptions':
        return this.createSubscription(p);
      case 'GET subscriptions/:id': {
        const subscription = this.subscription(objectId as string);
        const expand = (p.expand as string[] | undefined) ?? [];
        const invoice = this.invoices.get(String(subscription.latest_invoice));
        return expand.includes('latest_invoice') && invoice ? { ...subscription, latest_invoice: invoice } : subscription;
      }
      case 'DELETE subscriptions/:id':
        return this.cancelSubscription(objectId as string);
      default:
        throw invalid(`Unrecognized request URL (${method}: ${path}).`, 'url_invalid', undefined, 404);
    }
  }

  /** The fields every Stripe object starts with: its id, its kind and when it was made, in test mode. */
  private objectHead(objectId: string, object: string, created = this.now()): Json {
    return { id: objectId, object, created, livemode: false };
  }

  private createCustomer(p: Json): Json {
    const customer: Json = {
      ...this.objectHead(id('cus'), 'customer'),
      email: p.email ?? null,
      name: p.name ?? null,
      metadata: p.metadata ?? {},
      invoice_settings: { default_payment_method: null, custom_fields: null, footer: null },
    };
    this.customers.set(customer.id as string, customer);
    return customer;
  }

  private customer(customerId: string): Json {
    const customer = this.customers.get(customerId);
    if (!customer) throw missing('customer', customerId);
    return customer;
  }

  private updateCustomer(customerId: string, p: Json): Json {
    const customer = this.customer(customerId);
    const settings = p.invoice_settings as Json | undefined;
    if (settings?.default_payment_method !== undefined) {
      const pm = this.paymentMethod(String(settings.default_payment_method), 'invoice_settings[default_payment_method]');
      if (pm.customer !== customerId) {
        throw invalid(
          `The customer does not have a payment method with the ID ${String(pm.id)}.`,
          'resource_missing',
          'invoice_settings[default_payment_method]',
        );
      }
      (customer.invoice_settings as Json).default_payment_method = pm.id;
    }
    if (p.metadata) customer.metadata = { ...(customer.metadata as Json), ...(p.metadata as Json) };
    return customer;
  }

  /** A test payment method by its magic id (`pm_card_visa`) or a payment method a confirmed SetupIntent attached. */
  private paymentMethod(pmId: string, param = 'id'): Json {
    const attached = this.paymentMethods.get(pmId);
    if (attached) return attached;
    const card = TEST_CARDS[pmId];
    if (!card) throw missing('PaymentMethod', pmId, param);
    return this.cardPaymentMethod(pmId, card, null);
  }

  private cardPaymentMethod(pmId: string, card: TestCard, customer: string | null): Json {
    return {
      ...this.objectHead(pmId, 'payment_method'),
      type: 'card',
      customer,
      metadata: {},
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        funding: 'credit',
        country: 'US',
      },
    };
  }

  private declines(pmId: string): boolean {
    const pm = this.paymentMethods.get(pmId);
    return pm ? pm._declines === true : TEST_CARDS[pmId]?.declines === true;
  }

  private createSetupIntent(p: Json): Json {
    if (p.customer) this.customer(String(p.customer));
    const setiId = id('seti');
    const intent: Json = {
      ...this.objectHead(setiId, 'setup_intent'),
      customer: p.customer ?? null,
      client_secret: `${setiId}_secret_${randomBytes(12).toString('hex')}`,
      status: 'requires_payment_method',
      usage: p.usage ?? 'off_session',
      payment_method: null,
      allowed_payment_method_types: p.allowed_payment_method_types ?? ['card'],
      metadata: p.metadata ?? {},
    };
    this.setupIntents.set(setiId, intent);
    return intent;
  }

  /**
   * What Stripe.js does in the payer's browser: confirms the SetupIntent with a test card, which attaches a new
   * payment method to the intent's customer. Answers the new payment method's id.
   */
  confirmSetupIntent(clientSecret: string, testCard: keyof typeof TEST_CARDS = 'pm_card_visa'): string {
    const intent = [...this.setupIntents.values()].find((s) => s.client_secret === clientSecret);
    if (!intent) throw new Error('no SetupIntent with that client secret');
    const card = TEST_CARDS[testCard] as TestCard;
    const pm: Json = { ...this.cardPaymentMethod(id('pm'), card, intent.customer as string | null), _declines: card.declines };
    Object.defineProperty(pm, '_declines', { enumerable: false });
    this.paymentMethods.set(pm.id as string, pm);
    Object.assign(intent, { status: 'succeeded', payment_method: pm.id });
    return pm.id as string;
  }

  private createPaymentIntent(p: Json): Json {
    if (!p.amount) throw invalid('Missing required param: amount.', 'parameter_missing', 'amount');
    if (!p.currency) throw invalid('Missing required param: currency.', 'parameter_missing', 'currency');
    if (p.customer) this.customer(String(p.customer));
    const intent: Json = {
      ...this.objectHead(id('pi'), 'payment_intent'),
      amount: Number(p.amount),
      currency: String(p.currency).toLowerCase(),
      customer: p.customer ?? null,
      description: p.description ?? null,
      payment_method: p.payment_method ?? null,
      metadata: p.metadata ?? {},
      status: 'requires_payment_method',
      latest_charge: null,
      last_payment_error: null,
    };
    this.paymentIntents.set(intent.id as string, intent);
    if (p.confirm !== 'true') return intent;
    if (!p.payment_method) {
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
        'payment_intent_unexpected_state',
      );
    }
    const pm = this.paymentMethod(String(p.payment_method), 'payment_method');
    if (this.declines(pm.id as string)) {
      const error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        charge: id('ch'),
        payment_method: pm,
      };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
      throw new StripeApiError(402, { ...error, payment_intent: intent });
    }
    Object.assign(intent, { status: 'succeeded', latest_charge: id('ch'), amount_received: intent.amount });
    return intent;
  }

  private createSession(p: Json): Json {
    if (!p.mode) throw invalid('Missing required param: mode.', 'parameter_missing', 'mode');
    if (!p.success_url) throw invalid('Missing required param: success_url.', 'parameter_missing', 'success_url');
    const items = (p.line_items as Json[] | undefined) ?? [];
    if (p.mode === 'payment' && items.length === 0)
      throw invalid('Missing required param: line_items.', 'parameter_missing', 'line_items');
    let total = 0;
    let currency: string | null = null;
    for (const [i, item] of items.entries()) {
      const data = item.price_data as Json | undefined;
      if (!data?.unit_amount || !data.currency)
        throw invalid(`Missing required param: line_items[${i}][price_data][unit_amount].`, 'parameter_missing');
      total += Number(data.unit_amount) * Number(item.quantity ?? 1);
      currency = String(data.currency).toLowerCase();
    }
    const csId = `cs_test_${randomBytes(20).toString('hex')}`;
    const session: Json = {
      ...this.objectHead(csId, 'checkout.session'),
      expires_at: this.now() + DAY_S,
      mode: p.mode,
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: total,
      amount_total: total,
      currency,
      client_reference_id: p.client_reference_id ?? null,
      customer: p.customer ?? null,
      customer_email: p.customer_email ?? null,
      metadata: p.metadata ?? {},
      payment_intent: null,
      success_url: p.success_url,
      cancel_url: p.cancel_url ?? null,
      url: `${this.baseUrl}/c/pay/${csId}`,
    };
    this.sessions.set(csId, session);
    return session;
  }

  /** The payer paid on Stripe's page: the session is complete and paid, with its PaymentIntent. */
  completeSession(csId: string): Json {
    const session = this.sessions.get(csId);
    if (!session) throw new Error(`no Checkout Session ${csId}`);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: session.payment_intent ?? id('pi') });
    return structuredClone(session);
  }

  private createSubscription(p: Json): Json {
    if (!p.customer) throw invalid('Missing required param: customer.', 'parameter_missing', 'customer');
    const customer = this.customer(String(p.customer));
    const items = (p.items as Json[] | undefined) ?? [];
    if (items.length === 0) throw invalid('Missing required param: items.', 'parameter_missing', 'items');
    const priceId = String(items[0]?.price ?? '');
    const price = this.options.prices[priceId];
    if (!price) throw invalid(`No such price: '${priceId}'`, 'resource_missing', 'items[0][price]');
    const paymentMethod = p.default_payment_method
      ? String(this.paymentMethod(String(p.default_payment_method), 'default_payment_method').id)
      : ((customer.invoice_settings as Json).default_payment_method as string | null);
    const start = this.now();
    const trialDays = p.trial_period_days ? Number(p.trial_period_days) : 0;
    if (p.trial_end !== undefined && Number(p.trial_end) <= start)
      throw invalid(
        'Invalid timestamp: must be an integer Unix timestamp in the future.',
        'parameter_invalid_integer',
        'trial_end',
      );
    const trialEnd = p.trial_end !== undefined ? Number(p.trial_end) : trialDays > 0 ? start + trialDays * DAY_S : null;
    if (!trialEnd) {
      if (!paymentMethod)
        throw invalid('This customer has no attached payment source or default payment method.', 'resource_missing');
      if (this.declines(paymentMethod))
        throw new StripeApiError(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        });
    }
    const periodEnd = trialEnd ?? start + MONTH_S;
    const subId = id('sub');
    const subscription: Json = {
      ...this.objectHead(subId, 'subscription', start),
      customer: customer.id,
      status: trialEnd ? 'trialing' : 'active',
      start_date: start,
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      default_payment_method: paymentMethod,
      metadata: p.metadata ?? {},
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      currency: price.currency,
      latest_invoice: id('in'),
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${subId}`,
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            quantity: 1,
            subscription: subId,
            current_period_start: start,
            current_period_end: periodEnd,
            price: {
              id: priceId,
              object: 'price',
              unit_amount: price.unitAmount,
              currency: price.currency,
              recurring: { interval: 'month', interval_count: 1 },
            },
          },
        ],
      },
    };
    this.subscriptions.set(subId, subscription);
    // The first invoice: $0 for a trial, the first month paid at once otherwise.
    const first = this.makeInvoice(
      subscription,
      trialEnd ? 0 : price.unitAmount,
      'paid',
      start,
      periodEnd,
      'subscription_create',
    );
    subscription.latest_invoice = first.id;
    return subscription;
  }

  private subscription(subId: string): Json {
    const subscription = this.subscriptions.get(subId);
    if (!subscription) throw missing('subscription', subId);
    return subscription;
  }

  /** A canceled subscription is "no such subscription" to a second cancel, as at Stripe. */
  private cancelSubscription(subId: string): Json {
    const subscription = this.subscriptions.get(subId);
    if (!subscription || subscription.status === 'canceled') throw missing('subscription', subId);
    Object.assign(subscription, { status: 'canceled', canceled_at: this.now(), ended_at: this.now() });
    return subscription;
  }

  private itemOf(subscription: Json): Json {
    return ((subscription.items as Json).data as Json[])[0] as Json;
  }

  /**
   * The subscription's next period is billed: an invoice of the plan's price, paid or failed, shaped as the API
   * version the SDK pins (the subscription under `parent.subscription_details`, the period on the line).
   */
  invoice(subId: string, outcome: 'paid' | 'failed'): Json {
    const subscription = this.subscription(subId);
    const item = this.itemOf(subscription);
    const price = item.price as Json;
    const start = item.current_period_end as number;
    const end = start + MONTH_S;
    // As at Stripe, the period moves on at the renewal whether or not its invoice is paid.
    Object.assign(item, { current_period_start: start, current_period_end: end });
    if (outcome === 'paid') {
      subscription.status = 'active';
      delete subscription._pastDueSince;
    } else {
      subscription.status = 'past_due';
      subscription._pastDueSince ??= this.now();
      Object.defineProperty(subscription, '_pastDueSince', { enumerable: false });
    }
    const invoice = this.makeInvoice(subscription, price.unit_amount as number, outcome, start, end, 'subscription_cycle');
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  /**
   * Stripe's own billing up to its clock's now: each trialing or active subscription whose period (or trial) has
   * ended is invoiced, paid with its default card or failed (past due); one past due for a week is canceled, as
   * Stripe's retries give up. Answers the events Stripe sends for what happened, for the test to deliver when (and
   * as often as) it likes.
   */
  bill(): Json[] {
    const events: Json[] = [];
    for (const [subId, subscription] of this.subscriptions) {
      for (;;) {
        const item = this.itemOf(subscription);
        const periodEnd = item.current_period_end as number;
        const status = subscription.status as string;
        if (status === 'past_due' && Number(subscription._pastDueSince) + 7 * DAY_S <= this.now()) {
          Object.assign(subscription, { status: 'canceled', canceled_at: this.now(), ended_at: this.now() });
          events.push(this.event('customer.subscription.deleted', subscription));
        }
        if ((status !== 'trialing' && status !== 'active') || periodEnd > this.now()) break;
        const declines = this.declines(String(subscription.default_payment_method));
        const invoice = this.invoice(subId, declines ? 'failed' : 'paid');
        events.push(this.event(declines ? 'invoice.payment_failed' : 'invoice.paid', invoice));
        events.push(this.event('customer.subscription.updated', subscription, { status }));
        if (declines) break;
      }
    }
    return events;
  }

  /** Charges recorded by the fake: every paid invoice with an amount, as Stripe's dashboard lists them. */
  paidInvoices(): Json[] {
    return [...this.invoices.values()].filter((i) => i.status === 'paid' && Number(i.amount_paid) > 0);
  }

  private makeInvoice(
    subscription: Json,
    amount: number,
    outcome: 'paid' | 'failed',
    start: number,
    end: number,
    reason: string,
  ): Json {
    const item = this.itemOf(subscription);
    const price = item.price as Json;
    const subId = subscription.id as string;
    const invoiceId = id('in');
    const invoice: Json = {
      ...this.objectHead(invoiceId, 'invoice'),
      customer: subscription.customer,
      billing_reason: reason,
      currency: price.currency,
      amount_due: amount,
      amount_paid: outcome === 'paid' ? amount : 0,
      amount_remaining: outcome === 'paid' ? 0 : amount,
      attempt_count: 1,
      status: outcome === 'paid' ? 'paid' : 'open',
      period_start: start,
      period_end: start,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subId, metadata: subscription.metadata },
      },
      lines: {
        object: 'list',
        has_more: false,
        url: `/v1/invoices/${invoiceId}/lines`,
        data: [
          {
            id: id('il'),
            object: 'line_item',
            amount,
            currency: price.currency,
            quantity: 1,
            period: { start, end },
            parent: {
              type: 'subscription_item_details',
              subscription_item_details: { subscription: subId, subscription_item: item.id },
            },
          },
        ],
      },
    };
    this.invoices.set(invoiceId, invoice);
    return invoice;
  }

  /** The trial ended and its first charge went through: the subscription turns active (`previous` is what changed). */
  endTrial(subId: string): { subscription: Json; previous: Json } {
    const subscription = this.subscription(subId);
    const previous = { status: subscription.status };
    subscription.status = 'active';
    return { subscription: structuredClone(subscription), previous };
  }

  /** An event as Stripe sends it to a webhook endpoint. */
  event(type: string, object: Json, previousAttributes?: Json): Json {
    return {
      ...this.objectHead(id('evt'), 'event'),
      api_version: Stripe.API_VERSION,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
    };
  }

  /**
   * Posts an event to a webhook endpoint as Stripe does: JSON, with a `Stripe-Signature` header made by the SDK's
   * own test helper from the webhook secret (another secret forges it).
   */
  async deliver(url: string, event: Json, secret = this.options.webhookSecret): Promise<Response> {
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
  }
}

/**
 * A started Stripe stand-in selling one $3.99 monthly price, and the settings that make the app use it
 * (PAYMENT_PROVIDER=stripe, its keys, the price and the stand-in's address). `tag` names the keys and the price, so
 * that each suite's are its own; `now` is the stand-in's clock.
 */
export async function startStripeFake(
  tag: string,
  now?: () => number,
): Promise<{ fake: StripeFake; env: Record<string, string> }> {
  const [secretKey, webhookSecret, price] = [`sk_test_${tag}`, `whsec_${tag}`, `price_${tag}`];
  const prices = { [price]: { unitAmount: 399, currency: 'usd' } };
  const fake = await new StripeFake({ secretKey, webhookSecret, prices, ...(now && { now }) }).start();
  const env = {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_PUBLISHABLE_KEY: `pk_test_${tag}`,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_ID: price,
    STRIPE_API_BASE: fake.baseUrl,
  };
  return { fake, env };
}
