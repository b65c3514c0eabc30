import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addMonths } from '../../src/common/billing-calendar.js';

/**
 * A local stand-in for PayPal's REST API, for the calls Shrinkly makes, answering as PayPal does (paths, bodies,
 * statuses, HAL links, ISO times, and the `{name, message, debug_id, details, links}` error shape):
 *
 * - POST /v1/oauth2/token (basic auth, grant_type=client_credentials) → `{access_token, token_type, expires_in, …}`;
 *   wrong credentials → 401 `{error: 'invalid_client', error_description}`;
 * - POST /v1/billing/subscriptions → 201, APPROVAL_PENDING with an `approve` link (PayPal-Request-Id makes a retry
 *   answer the same subscription);
 * - GET /v1/billing/subscriptions/{id} → the subscription; 404 RESOURCE_NOT_FOUND / INVALID_RESOURCE_ID;
 * - POST /v1/billing/subscriptions/{id}/cancel {reason} → 204; 422 UNPROCESSABLE_ENTITY / SUBSCRIPTION_STATUS_INVALID
 *   unless it is active or suspended;
 * - POST /v1/notifications/verify-webhook-signature → `{verification_status: 'SUCCESS' | 'FAILURE'}`;
 * - POST /v2/checkout/orders → 201, CREATED with an `approve` link (the whole order with `Prefer: return=representation`,
 *   its payee the app's own merchant account); GET /v2/checkout/orders/{id};
 *   POST /v2/checkout/orders/{id}/capture → 201, COMPLETED with the capture; 422 ORDER_NOT_APPROVED,
 *   ORDER_ALREADY_CAPTURED or INSTRUMENT_DECLINED.
 *
 * Any other call with a missing, unknown or expired bearer token is 401 AUTHENTICATION_FAILURE. The test plays the
 * payer (`approve`, `approveOrder`) and PayPal's webhook sender (`delivery`): deliveries are signed with a key only this fake holds,
 * over the transmission id, time, webhook id and a digest of the event, so the verify call answers SUCCESS only for
 * a delivery it made, unchanged, for its webhook.
 */

export interface FakePlan {
  id: string;
  /** Price of one monthly cycle, as PayPal writes amounts ("3.99"). */
  price: string;
  currency: string;
  /** A free trial cycle of this many days first; 0 for none. */
  trialDays: number;
}

export interface PaypalFakeOptions {
  clientId?: string;
  clientSecret?: string;
  webhookId?: string;
  plans?: FakePlan[];
  /** Seconds an access token lasts (PayPal: about 9 hours). */
  tokenTtlSeconds?: number;
  /** The merchant id of the account that owns the REST app: the payee of its orders. */
  merchantId?: string;
  /** PayPal's clock, for billing cycles (the test's clock; the real time by default). */
  now?: () => Date;
}

/** A charge PayPal made of a subscription (a sale): for the period up to `periodEnd`. */
export interface FakeSale {
  id: string;
  subscriptionId: string;
  total: string;
  currency: string;
  time: Date;
  periodEnd: Date;
}

/** One request the fake received. */
export interface FakeCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A webhook delivery as PayPal would POST it: the PAYPAL-* headers and the JSON body. */
export interface FakeDelivery {
  headers: Record<string, string>;
  body: string;
  event: Record<string, unknown>;
}

type Json = Record<string, unknown>;

const DAY_MS = 24 * 60 * 60 * 1000;

function iso(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function paypalId(prefix: string, length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  return prefix + Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
}

function debugId(): string {
  return randomBytes(7).toString('hex');
}

/** PayPal's error body. */
function errorBody(name: string, message: string, details: Json[] = []): Json {
  return {
    name,
    message,
    debug_id: debugId(),
    details,
    links: [
      { href: `https://developer.paypal.com/docs/api/v1/billing/subscriptions#${name}`, rel: 'information_link', method: 'GET' },
    ],
  };
}

const AUTHENTICATION_FAILURE = () =>
  errorBody(
    'AUTHENTICATION_FAILURE',
    'Authentication failed due to missing authorization header, or invalid authentication credentials.',
  );
const NOT_FOUND = () =>
  errorBody('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
    { issue: 'INVALID_RESOURCE_ID', description: 'Requested resource ID was not found.' },
  ]);
const invalidRequest = (
  field: string,
  issue = 'MISSING_REQUIRED_PARAMETER',
  description = 'A required field / parameter is missing.',
) =>
  errorBody('INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
    { field, location: 'body', issue, description },
  ]);

export class PaypalFake {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly webhookId: string;
  readonly merchantId: string;
  readonly plans: FakePlan[];
  readonly calls: FakeCall[] = [];
  /** Subscriptions by id, in PayPal's own representation. */
  readonly subscriptions = new Map<string, Json>();
  /** Orders by id, in PayPal's own representation. */
  readonly orders = new Map<string, Json>();
  /** Every charge of a subscription PayPal made, oldest first. */
  readonly sales: FakeSale[] = [];
  /** Subscriptions whose next payments PayPal fails to collect (suspending them). */
  readonly failingPayments = new Set<string>();
  private readonly clock: () => Date;
  private readonly orderSides = new Map<string, { returnUrl: string; cancelUrl: string; declines: boolean }>();
  private readonly tokens = new Map<string, number>();
  private readonly created = new Map<string, { status: number; body: Json }>();
  private readonly signingKey = randomBytes(32);
  private readonly failures: number[] = [];
  private readonly tokenTtlSeconds: number;
  private url_ = '';

  private constructor(
    private readonly server: Server,
    options: PaypalFakeOptions,
  ) {
    this.clientId = options.clientId ?? 'AYSq3RDGsmBLJE-otTkBtM-jBRd1TCQwFf9RGfwddNXWz0uFU9ztymylOhRS';
    this.clientSecret = options.clientSecret ?? 'EGnHDxD_qRPdaLdZz8iCr8N7_MzF-YHPTkjs6NKYQvQSBngp4PTTVWkPZRbL';
    this.webhookId = options.webhookId ?? '8PT597110X687430LKGECATA';
    this.merchantId = options.merchantId ?? 'C7CYMKZDG8D6E';
    this.plans = options.plans ?? [{ id: 'P-5ML4271244454362WXNWU5NQ', price: '3.99', currency: 'USD', trialDays: 0 }];
    this.tokenTtlSeconds = options.tokenTtlSeconds ?? 32_400;
    this.clock = options.now ?? (() => new Date());
  }

  static async start(options: PaypalFakeOptions = {}): Promise<PaypalFake> {
    const server = createServer();
    const fake = new PaypalFake(server, options);
    server.on('request', (req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.url_ = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return fake;
  }

  /** The API base, as PAYPAL_API_BASE. */
  get url(): string {
    return this.url_;
  }

  get planId(): string {
    return (this.plans[0] as FakePlan).id;
  }

  /** The settings an adapter needs to talk to this fake. */
  settings(): { clientId: string; clientSecret: string; planId: string; webhookId: string; apiBase: string } {
    return {
      clientId: this.clientId,
      clientSecret: this.clientSecret,
      planId: this.planId,
      webhookId: this.webhookId,
      apiBase: this.url,
    };
  }

  /** The PAYPAL_* environment of a server that uses this fake. */
  env(): Record<string, string> {
    return {
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_CLIENT_ID: this.clientId,
      PAYPAL_CLIENT_SECRET: this.clientSecret,
      PAYPAL_PLAN_ID: this.planId,
      PAYPAL_WEBHOOK_ID: this.webhookId,
      PAYPAL_API_BASE: this.url,
      PAYPAL_MERCHANT_ID: this.merchantId,
    };
  }

  /** Calls to one path (or all), for counting token requests and reading what was sent. */
  callsTo(method: string, path: string): FakeCall[] {
    return this.calls.filter((c) => c.method === method && c.path === path);
  }

  /** PayPal forgets every access token it gave: the next call with one is 401. */
  revokeTokens(): void {
    this.tokens.clear();
  }

  /** The next `count` API calls answer this status with PayPal's error body (an outage: 500, 503). */
  failNext(count: number, status = 503): void {
    for (let i = 0; i < count; i += 1) this.failures.push(status);
  }

  /**
   * The payer approves the subscription at PayPal. With `user_action: SUBSCRIBE_NOW` PayPal activates it at once
   * (ACTIVE, first cycle started); `activate: false` leaves it APPROVED, as with CONTINUE.
   */
  approve(id: string, options: { activate?: boolean } = {}): Json {
    const subscription = this.subscription(id);
    if (subscription.status !== 'APPROVAL_PENDING')
      throw new Error(`subscription ${id} is ${String(subscription.status)}, not waiting for approval`);
    const now = this.clock();
    const subscriber = subscription.subscriber as Json;
    subscriber.payer_id = paypalId('', 13);
    subscription.status = options.activate === false ? 'APPROVED' : 'ACTIVE';
    subscription.status_update_time = iso(now);
    subscription.update_time = iso(now);
    if (subscription.status === 'ACTIVE') {
      const plan = this.planOf(String(subscription.plan_id));
      const startsLater = typeof subscription.start_time === 'string' && new Date(subscription.start_time) > now;
      subscription.billing_info = this.billingInfo(plan.id, now);
      if (startsLater) {
        // start_time ahead: nothing is charged before it; its first cycle is billed then.
        const info = subscription.billing_info as Json;
        info.next_billing_time = subscription.start_time;
        delete info.last_payment;
        for (const cycle of info.cycle_executions as Json[]) if (cycle.tenure_type === 'REGULAR') cycle.cycles_completed = 0;
      } else if (plan.trialDays === 0) {
        // SUBSCRIBE_NOW: the first cycle is charged at once, unless it is a free trial.
        this.recordSale(id, now, new Date(String((subscription.billing_info as Json).next_billing_time)));
      }
    }
    return subscription;
  }

  /**
   * PayPal's own billing up to its clock's now: each active subscription whose next billing time has come is charged
   * (a sale, the next time a cycle later), or, when its payments fail, suspended. Answers the deliveries PayPal sends
   * for what happened, for the test to deliver when (and as often as) it likes.
   */
  bill(): FakeDelivery[] {
    const deliveries: FakeDelivery[] = [];
    for (const [id, subscription] of this.subscriptions) {
      const info = subscription.billing_info as Json | undefined;
      while (subscription.status === 'ACTIVE' && info && new Date(String(info.next_billing_time)) <= this.clock()) {
        const due = new Date(String(info.next_billing_time));
        if (this.failingPayments.has(id)) {
          subscription.status = 'SUSPENDED';
          info.failed_payments_count = Number(info.failed_payments_count ?? 0) + 1;
          deliveries.push(
            this.subscriptionDelivery('BILLING.SUBSCRIPTION.PAYMENT.FAILED', id),
            this.subscriptionDelivery('BILLING.SUBSCRIPTION.SUSPENDED', id),
          );
          break;
        }
        const next = addMonths(due, 1);
        const sale = this.recordSale(id, due, next);
        info.next_billing_time = iso(next);
        info.last_payment = { amount: { currency_code: sale.currency, value: sale.total }, time: iso(due) };
        for (const cycle of (info.cycle_executions as Json[] | undefined) ?? []) {
          if (cycle.tenure_type === 'REGULAR') cycle.cycles_completed = Number(cycle.cycles_completed ?? 0) + 1;
        }
        deliveries.push(this.saleDelivery(id, { sale }));
      }
    }
    return deliveries;
  }

  private recordSale(subscriptionId: string, time: Date, periodEnd: Date): FakeSale {
    const plan = this.planOf(String(this.subscription(subscriptionId).plan_id));
    const sale = { id: paypalId('', 17), subscriptionId, total: plan.price, currency: plan.currency, time, periodEnd };
    this.sales.push(sale);
    return sale;
  }

  /**
   * The payer approves an order at PayPal, which sends their browser back to the order's return_url with
   * `?token=<order id>&PayerID=…`: that URL is answered. `declines`: their funding is refused at capture.
   */
  approveOrder(id: string, options: { declines?: boolean } = {}): string {
    const order = this.orders.get(id);
    const side = this.orderSides.get(id);
    if (!order || !side) throw new Error(`no order ${id} at the fake PayPal`);
    const payerId = paypalId('', 13);
    order.status = 'APPROVED';
    order.payer = { name: { given_name: 'John', surname: 'Doe' }, email_address: 'buyer@example.com', payer_id: payerId };
    side.declines = options.declines === true;
    const back = new URL(side.returnUrl);
    back.searchParams.set('token', id);
    back.searchParams.set('PayerID', payerId);
    return back.toString();
  }

  /** Where an order's payer goes when they cancel at PayPal. */
  cancelUrlOf(id: string): string | undefined {
    return this.orderSides.get(id)?.cancelUrl;
  }

  /** Changes a subscription's status as PayPal would on its own (the payer cancels at PayPal, failed payments suspend it). */
  setStatus(id: string, status: 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED'): void {
    const subscription = this.subscription(id);
    subscription.status = status;
    subscription.status_update_time = iso(this.clock());
    // An ended subscription has no next billing time.
    if (status === 'CANCELLED' || status === 'EXPIRED') delete (subscription.billing_info as Json | undefined)?.next_billing_time;
  }

  /** A delivery of an event about a subscription, its resource the subscription as it is now. */
  subscriptionDelivery(eventType: string, subscriptionId: string, options: { webhookId?: string } = {}): FakeDelivery {
    const resource = structuredClone(this.subscription(subscriptionId));
    return this.delivery(
      eventType,
      'subscription',
      resource,
      `Subscription ${eventType.split('.').at(-1)?.toLowerCase()}`,
      options,
    );
  }

  /** A PAYMENT.SALE.COMPLETED delivery of a sale PayPal made (a new one of the plan's price unless given). */
  saleDelivery(subscriptionId: string, options: { total?: string; webhookId?: string; sale?: FakeSale } = {}): FakeDelivery {
    const plan = this.planOf(String(this.subscription(subscriptionId).plan_id));
    const sale = options.sale ?? this.recordSale(subscriptionId, this.clock(), addMonths(this.clock(), 1));
    const total = options.total ?? sale.total;
    const now = iso(sale.time);
    const saleId = sale.id;
    const resource: Json = {
      id: saleId,
      state: 'completed',
      amount: { total, currency: plan.currency, details: { subtotal: total } },
      payment_mode: 'INSTANT_TRANSFER',
      protection_eligibility: 'ELIGIBLE',
      protection_eligibility_type: 'ITEM_NOT_RECEIVED_ELIGIBLE,UNAUTHORIZED_PAYMENT_ELIGIBLE',
      transaction_fee: { value: '0.42', currency: plan.currency },
      billing_agreement_id: subscriptionId,
      create_time: now,
      update_time: now,
      links: [
        { href: `${this.url}/v1/payments/sale/${saleId}`, rel: 'self', method: 'GET' },
        { href: `${this.url}/v1/payments/sale/${saleId}/refund`, rel: 'refund', method: 'POST' },
      ],
    };
    return this.delivery(
      'PAYMENT.SALE.COMPLETED',
      'sale',
      resource,
      `Payment completed for $ ${total} ${plan.currency}`,
      options,
    );
  }

  /** Any event, signed as PayPal signs its deliveries for a webhook (ours unless told otherwise). */
  delivery(
    eventType: string,
    resourceType: string,
    resource: Json,
    summary: string,
    options: { webhookId?: string } = {},
  ): FakeDelivery {
    const eventId = paypalId('WH-', 17);
    const event: Json = {
      id: eventId,
      event_version: '1.0',
      create_time: iso(this.clock()),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
      links: [
        { href: `${this.url}/v1/notifications/webhooks-events/${eventId}`, rel: 'self', method: 'GET' },
        { href: `${this.url}/v1/notifications/webhooks-events/${eventId}/resend`, rel: 'resend', method: 'POST' },
      ],
    };
    const transmissionId = randomUUID();
    const transmissionTime = iso(this.clock());
    const sig = this.sign(transmissionId, transmissionTime, options.webhookId ?? this.webhookId, event);
    return {
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${this.url}/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': sig,
        'paypal-transmission-time': transmissionTime,
      },
      body: JSON.stringify(event),
      event,
    };
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  // The signature stands for PayPal's SHA256withRSA over "transmissionId|time|webhookId|crc32(body)": a key only the
  // fake holds, over the same fields (the event by its JSON, so a body parsed and written again still matches).
  private sign(transmissionId: string, time: string, webhookId: string, event: unknown): string {
    const digest = createHash('sha256').update(JSON.stringify(event)).digest('hex');
    return createHmac('sha256', this.signingKey).update(`${transmissionId}|${time}|${webhookId}|${digest}`).digest('base64');
  }

  private subscription(id: string): Json {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id} at the fake PayPal`);
    return subscription;
  }

  private planOf(id: string): FakePlan {
    const plan = this.plans.find((p) => p.id === id);
    if (!plan) throw new Error(`no plan ${id} at the fake PayPal`);
    return plan;
  }

  /** billing_info of a subscription whose first cycle (the trial, or the first paid month) starts now. */
  private billingInfo(planId: string, now: Date): Json {
    const plan = this.planOf(planId);
    const trial = plan.trialDays > 0;
    const next = trial ? new Date(now.getTime() + plan.trialDays * DAY_MS) : addMonths(now, 1);
    const regular = {
      tenure_type: 'REGULAR',
      sequence: trial ? 2 : 1,
      cycles_completed: trial ? 0 : 1,
      cycles_remaining: 0,
      current_pricing_scheme_version: 1,
      total_cycles: 0,
    };
    return {
      outstanding_balance: { currency_code: plan.currency, value: '0.0' },
      // As PayPal shows it, a running trial cycle counts as completed.
      cycle_executions: trial
        ? [
            {
              tenure_type: 'TRIAL',
              sequence: 1,
              cycles_completed: 1,
              cycles_remaining: 0,
              current_pricing_scheme_version: 1,
              total_cycles: 1,
            },
            regular,
          ]
        : [regular],
      ...(trial ? {} : { last_payment: { amount: { currency_code: plan.currency, value: plan.price }, time: iso(now) } }),
      next_billing_time: iso(next),
      failed_payments_count: 0,
    };
  }

  private links(id: string): Json[] {
    const self = `${this.url}/v1/billing/subscriptions/${id}`;
    return [
      { href: `${self}/cancel`, rel: 'cancel', method: 'POST' },
      { href: self, rel: 'edit', method: 'PATCH' },
      { href: self, rel: 'self', method: 'GET' },
      { href: `${self}/suspend`, rel: 'suspend', method: 'POST' },
    ];
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const method = req.method ?? 'GET';
    this.calls.push({ method, path, headers: req.headers, body });
    const send = (status: number, json?: Json) => {
      res.statusCode = status;
      res.setHeader('Paypal-Debug-Id', debugId());
      if (json) {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(json));
      } else {
        res.end();
      }
    };

    const failure = this.failures.shift();
    if (failure !== undefined) return send(failure, errorBody('INTERNAL_SERVER_ERROR', 'An internal server error occurred.'));

    if (method === 'POST' && path === '/v1/oauth2/token') return this.token(req, body, send);

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiresAt = bearer ? this.tokens.get(bearer) : undefined;
    if (!expiresAt || expiresAt <= Date.now()) return send(401, AUTHENTICATION_FAILURE());

    let json: Json = {};
    if (method === 'POST' && body) {
      try {
        json = JSON.parse(body) as Json;
      } catch {
        return send(400, invalidRequest('/', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.'));
      }
    }

    /** The id in a `verb` request's path that `pattern` captures, decoded. */
    const idIn = (verb: string, pattern: RegExp) => {
      const match = method === verb ? pattern.exec(path) : null;
      return match ? decodeURIComponent(match[1] as string) : undefined;
    };
    const shown = (resource: Json | undefined) => (resource ? send(200, resource) : send(404, NOT_FOUND()));

    if (method === 'POST' && path === '/v1/billing/subscriptions') return this.create(req, json, send);
    const subscriptionId = idIn('GET', /^\/v1\/billing\/subscriptions\/([^/]+)$/);
    if (subscriptionId) return shown(this.subscriptions.get(subscriptionId));
    const toCancel = idIn('POST', /^\/v1\/billing\/subscriptions\/([^/]+)\/cancel$/);
    if (toCancel) return this.cancel(toCancel, json, send);
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return this.verify(json, send);
    if (method === 'POST' && path === '/v2/checkout/orders') return this.createOrder(req, json, send);
    const orderId = idIn('GET', /^\/v2\/checkout\/orders\/([^/]+)$/);
    if (orderId) return shown(this.orders.get(orderId));
    const toCapture = idIn('POST', /^\/v2\/checkout\/orders\/([^/]+)\/capture$/);
    if (toCapture) return this.capture(toCapture, send);
    return send(404, NOT_FOUND());
  }

  private token(req: IncomingMessage, body: string, send: (status: number, json?: Json) => void): void {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    if (id !== this.clientId || secret !== this.clientSecret)
      return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
      return send(400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    }
    const accessToken = `A21AA${randomBytes(48).toString('base64url')}`;
    this.tokens.set(accessToken, Date.now() + this.tokenTtlSeconds * 1000);
    send(200, {
      scope: 'https://uri.paypal.com/services/subscriptions https://uri.paypal.com/services/applications/webhooks',
      access_token: accessToken,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: this.tokenTtlSeconds,
      nonce: `${iso(this.clock())}${randomBytes(16).toString('base64url')}`,
    });
  }

  private create(req: IncomingMessage, json: Json, send: (status: number, json?: Json) => void): void {
    const requestId = req.headers['paypal-request-id'];
    const repeated = typeof requestId === 'string' ? this.created.get(requestId) : undefined;
    if (repeated) return send(repeated.status, repeated.body);
    if (typeof json.plan_id !== 'string') return send(400, invalidRequest('/plan_id'));
    if (!this.plans.some((p) => p.id === json.plan_id)) return send(404, NOT_FOUND());
    const id = paypalId('I-', 12);
    const now = iso(this.clock());
    const subscription: Json = {
      id,
      plan_id: json.plan_id,
      status: 'APPROVAL_PENDING',
      status_update_time: now,
      start_time: typeof json.start_time === 'string' ? json.start_time : now,
      quantity: '1',
      subscriber: json.subscriber ?? {},
      custom_id: json.custom_id,
      create_time: now,
      update_time: now,
      plan_overridden: false,
      links: this.links(id),
    };
    if (json.custom_id === undefined) delete subscription.custom_id;
    this.subscriptions.set(id, subscription);
    const answer: Json = {
      id,
      status: 'APPROVAL_PENDING',
      status_update_time: now,
      plan_id: json.plan_id,
      plan_overridden: false,
      create_time: now,
      links: [
        { href: `${this.url}/webapps/billing/subscriptions?ba_token=${paypalId('BA-', 17)}`, rel: 'approve', method: 'GET' },
        { href: `${this.url}/v1/billing/subscriptions/${id}`, rel: 'edit', method: 'PATCH' },
        { href: `${this.url}/v1/billing/subscriptions/${id}`, rel: 'self', method: 'GET' },
      ],
    };
    if (typeof requestId === 'string') this.created.set(requestId, { status: 201, body: answer });
    send(201, answer);
  }

  private cancel(id: string, json: Json, send: (status: number, json?: Json) => void): void {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return send(404, NOT_FOUND());
    if (typeof json.reason !== 'string' || json.reason.length === 0 || json.reason.length > 128)
      return send(400, invalidRequest('/reason'));
    if (subscription.status !== 'ACTIVE' && subscription.status !== 'SUSPENDED') {
      return send(
        422,
        errorBody(
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed, semantically incorrect, or failed business validation.',
          [
            {
              issue: 'SUBSCRIPTION_STATUS_INVALID',
              description: 'Invalid subscription status for cancel action; subscription status should be active or suspended.',
            },
          ],
        ),
      );
    }
    subscription.status = 'CANCELLED';
    subscription.status_update_time = iso(this.clock());
    subscription.status_change_note = json.reason;
    delete (subscription.billing_info as Json | undefined)?.next_billing_time;
    send(204);
  }

  private createOrder(req: IncomingMessage, json: Json, send: (status: number, json?: Json) => void): void {
    if (json.intent !== 'CAPTURE' && json.intent !== 'AUTHORIZE') return send(400, invalidRequest('/intent'));
    const units = json.purchase_units as Array<Json> | undefined;
    const amount = units?.[0]?.amount as { currency_code?: unknown; value?: unknown } | undefined;
    if (!units || units.length === 0) return send(400, invalidRequest('/purchase_units'));
    if (
      typeof amount?.currency_code !== 'string' ||
      typeof amount.value !== 'string' ||
      !/^\d+(\.\d{1,2})?$/.test(amount.value)
    ) {
      return send(
        400,
        invalidRequest(
          "/purchase_units/@reference_id=='default'/amount",
          'INVALID_PARAMETER_VALUE',
          'The value of a field is invalid.',
        ),
      );
    }
    const id = paypalId('', 17);
    const self = `${this.url}/v2/checkout/orders/${id}`;
    const order: Json = {
      id,
      intent: json.intent,
      status: 'CREATED',
      create_time: iso(this.clock()),
      purchase_units: units.map((u) => ({
        reference_id: 'default',
        ...u,
        payee: { email_address: 'merchant@example.com', merchant_id: this.merchantId },
      })),
      links: [
        { href: self, rel: 'self', method: 'GET' },
        { href: `${this.url}/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' },
        { href: self, rel: 'update', method: 'PATCH' },
        { href: `${self}/capture`, rel: 'capture', method: 'POST' },
      ],
    };
    const context = (json.application_context ?? {}) as { return_url?: string; cancel_url?: string };
    this.orders.set(id, order);
    this.orderSides.set(id, {
      returnUrl: context.return_url ?? 'https://www.paypal.com/',
      cancelUrl: context.cancel_url ?? 'https://www.paypal.com/',
      declines: false,
    });
    send(201, req.headers.prefer === 'return=representation' ? order : { id, status: 'CREATED', links: order.links });
  }

  private capture(id: string, send: (status: number, json?: Json) => void): void {
    const order = this.orders.get(id);
    const side = this.orderSides.get(id);
    if (!order || !side) return send(404, NOT_FOUND());
    const unprocessable = (issue: string, description: string) =>
      send(
        422,
        errorBody(
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed, semantically incorrect, or failed business validation.',
          [{ issue, description }],
        ),
      );
    if (order.status === 'COMPLETED') {
      return unprocessable(
        'ORDER_ALREADY_CAPTURED',
        "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
      );
    }
    if (order.status !== 'APPROVED')
      return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    if (side.declines) {
      return unprocessable(
        'INSTRUMENT_DECLINED',
        "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    const now = iso(this.clock());
    const unit = (order.purchase_units as Json[])[0] as Json;
    const captureId = paypalId('', 17);
    unit.payments = {
      captures: [
        {
          id: captureId,
          status: 'COMPLETED',
          amount: unit.amount,
          final_capture: true,
          seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
          create_time: now,
          update_time: now,
          links: [
            { href: `${this.url}/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' },
            { href: `${this.url}/v2/payments/captures/${captureId}/refund`, rel: 'refund', method: 'POST' },
          ],
        },
      ],
    };
    order.status = 'COMPLETED';
    order.update_time = now;
    send(201, order);
  }

  private verify(json: Json, send: (status: number, json?: Json) => void): void {
    for (const field of ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id']) {
      if (typeof json[field] !== 'string' || json[field] === '') return send(400, invalidRequest(`/${field}`));
    }
    if (typeof json.webhook_event !== 'object' || json.webhook_event === null) return send(400, invalidRequest('/webhook_event'));
    const expected = this.sign(
      String(json.transmission_id),
      String(json.transmission_time),
      String(json.webhook_id),
      json.webhook_event,
    );
    send(200, { verification_status: expected === json.transmission_sig ? 'SUCCESS' : 'FAILURE' });
  }
}
