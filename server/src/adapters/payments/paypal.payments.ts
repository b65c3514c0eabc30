import { randomUUID } from 'node:crypto';
import { PRODUCT_NAME, pages } from '@shrinkly/contract';
import { addMonths } from '../../common/billing-calendar.js';
import type { PaypalConfig } from '../../config/app.config.js';
import { CheckoutLinkSigner } from './checkout-link.js';
import type {
  ApprovalPlans,
  ApprovedOrders,
  CheckoutRequest,
  HostedCheckout,
  OrderRequest,
  PaypalWebhookHeaders,
  PaypalWebhooks,
  ProviderOrder,
  ProviderSubscription,
} from './payment.port.js';
import { CardDeclinedError, PaymentPort, ProviderUnavailableError, type SubscriptionRequest } from './payment.port.js';

export type { PaypalWebhookHeaders } from './payment.port.js';

/** PayPal's subscription states (Subscriptions API v1). */
export type PaypalSubscriptionStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

/** What we read of a PayPal subscription. */
export interface PaypalSubscription {
  id: string;
  status: PaypalSubscriptionStatus;
  planId: string;
  /** Ours: the id of the user who created it with us. */
  customId: string | null;
  /** The next charge; the end of the period (or of the free trial) being served. */
  nextBillingTime: Date | null;
  /** The last payment PayPal collected (a cancelled subscription no longer has a next billing time). */
  lastPaymentTime: Date | null;
  /** True while the plan's free trial cycle is still running. */
  inTrial: boolean;
}

/** A one-time payment (Orders API v2) as we read it: the port's ProviderOrder. */
export type PaypalOrder = ProviderOrder;

/** PayPal answered with an error of its own: `name` and the first detail's `issue` say which. */
export class PaypalApiError extends ProviderUnavailableError {
  constructor(
    readonly status: number,
    readonly errorName: string,
    readonly issue: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

interface Link {
  href: string;
  rel: string;
  method?: string;
}

interface Money {
  currency_code: string;
  value: string;
}

interface OrderResource {
  id: string;
  status: string;
  links?: Link[];
  purchase_units?: Array<{
    reference_id?: string;
    amount?: Money;
    payee?: { merchant_id?: string; email_address?: string };
    payments?: { captures?: Array<{ id: string; status: string; amount: Money }> };
  }>;
}

interface SubscriptionResource {
  id: string;
  status: PaypalSubscriptionStatus;
  plan_id: string;
  custom_id?: string;
  links?: Link[];
  billing_info?: {
    next_billing_time?: string;
    last_payment?: { time?: string };
    cycle_executions?: Array<{ tenure_type: string; cycles_completed?: number; cycles_remaining?: number }>;
  };
}

export interface PaypalPaymentsOptions {
  /** Milliseconds since the epoch: when the cached token expires. */
  now?: () => number;
  /** A call PayPal does not answer within this is given up (ProviderUnavailableError). */
  timeoutMs?: number;
}

/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** The subscriber's name as PayPal takes it: a given name and a surname. */
function splitName(name: string): { given_name: string; surname?: string } {
  const [given, ...rest] = name.trim().split(/\s+/);
  return rest.length > 0 ? { given_name: given ?? '', surname: rest.join(' ') } : { given_name: given ?? '' };
}

function readOrder(resource: OrderResource): PaypalOrder {
  const unit = resource.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  return {
    id: resource.id,
    status: resource.status,
    reference: unit?.reference_id ?? null,
    amount: Number(unit?.amount?.value ?? Number.NaN),
    currency: unit?.amount?.currency_code ?? '',
    capture: capture
      ? { id: capture.id, status: capture.status, amount: Number(capture.amount.value), currency: capture.amount.currency_code }
      : null,
    payee: unit?.payee?.merchant_id ?? null,
    approvalUrl: approveLink(resource.links),
  };
}

/** The link the payer follows to approve, whichever name PayPal gives it. */
function approveLink(links: Link[] | undefined): string | null {
  return links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href ?? null;
}

/** Reads a subscription resource (the show answer, or a webhook event's resource). */
export function readSubscription(resource: SubscriptionResource): PaypalSubscription {
  const next = resource.billing_info?.next_billing_time;
  const cycles = resource.billing_info?.cycle_executions ?? [];
  const trial = cycles.find((c) => c.tenure_type === 'TRIAL');
  const regular = cycles.find((c) => c.tenure_type === 'REGULAR');
  return {
    id: resource.id,
    status: resource.status,
    planId: resource.plan_id,
    customId: resource.custom_id ?? null,
    nextBillingTime: next ? new Date(next) : null,
    lastPaymentTime: resource.billing_info?.last_payment?.time ? new Date(resource.billing_info.last_payment.time) : null,
    // PayPal counts a running trial cycle as completed already: a trial runs until the first regular payment.
    inTrial: trial !== undefined && (regular?.cycles_completed ?? 0) === 0 && !resource.billing_info?.last_payment,
  };
}

/** A PayPal subscription's status as our plans read it. */
function statusOf(subscription: PaypalSubscription): ProviderSubscription['status'] {
  switch (subscription.status) {
    case 'APPROVAL_PENDING':
    case 'APPROVED':
      return 'pending';
    case 'ACTIVE':
      return subscription.inTrial ? 'trialing' : 'active';
    case 'SUSPENDED':
      return 'past_due';
    default:
      return 'ended';
  }
}

/**
 * Plans PayPal runs and bills: created for one of our accounts, approved by the payer at PayPal, read back from
 * PayPal's API. Its charges reach us as PAYMENT.SALE.COMPLETED deliveries (a subscription's answer names no sale).
 */
export class PaypalPlans implements ApprovalPlans {
  readonly name = 'paypal';

  constructor(private readonly paypal: PaypalPayments) {}

  /** PayPal's plan decides the trial (PAYPAL_PLAN_ID): an account whose trial is used is refused one at activation. */
  createSubscription(request: SubscriptionRequest): Promise<{ id: string; approvalUrl: string | null }> {
    return this.paypal.createSubscription(request);
  }

  async subscription(id: string): Promise<ProviderSubscription | undefined> {
    const found = await this.paypal.subscription(id);
    if (!found || found.planId !== this.paypal.planId) return undefined;
    const status = statusOf(found);
    // What was paid runs a monthly cycle from the last payment: the next billing time says when PayPal will try, not
    // what it collected (and a cancelled subscription has none). A trial runs to its next billing time.
    const paidThrough = found.lastPaymentTime && addMonths(found.lastPaymentTime, 1);
    const periodEnd = status === 'trialing' ? found.nextBillingTime : paidThrough;
    return {
      id: found.id,
      status,
      userId: found.customId,
      trialEndsAt: found.inTrial ? found.nextBillingTime : null,
      periodEnd,
      charges: [],
      card: null,
    };
  }

  cancelSubscription(id: string): Promise<void> {
    return this.paypal.cancelSubscription(id);
  }
}

/**
 * PayPal, through its REST API: subscriptions to one plan that PayPal bills itself (create → the payer approves at
 * PayPal → show → cancel; PaypalPlans), the verification of webhook deliveries by PayPal's own verify call, and
 * one-time payments of a purchase (Orders API v2: our signed checkout link creates the order and sends the payer to
 * approve it; the return route captures it). Calls carry an OAuth2 client-credentials token, kept until shortly
 * before it expires and fetched again when PayPal refuses it. PayPal keeps no card on file here.
 */
export class PaypalPayments extends PaymentPort implements HostedCheckout, ApprovedOrders, PaypalWebhooks {
  readonly provider = 'paypal';
  readonly isSandbox = false;
  readonly format = 'paypal';
  override readonly checkout: HostedCheckout = this;
  override readonly approvalPlans: PaypalPlans = new PaypalPlans(this);
  override readonly webhooks: PaypalWebhooks = this;
  override readonly orders: ApprovedOrders = this;
  private token: { value: string; expiresAt: number } | undefined;
  private pendingToken: Promise<string> | undefined;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private readonly links: CheckoutLinkSigner;

  constructor(
    private readonly settings: PaypalConfig,
    private readonly appUrl: string,
    linkSecret: string,
    options: PaypalPaymentsOptions = {},
  ) {
    super();
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.links = new CheckoutLinkSigner(linkSecret, 'paypal-checkout');
  }

  get planId(): string {
    return this.settings.planId;
  }

  /** Creates a subscription to the plan for one of our users; the payer approves it at `approvalUrl`. */
  async createSubscription(request: {
    userId: string;
    email: string;
    name: string;
    startAt?: Date | null;
  }): Promise<{ id: string; approvalUrl: string | null }> {
    const back = `${this.appUrl}${pages.subscribe}`;
    const created = (await this.call('POST', '/v1/billing/subscriptions', {
      plan_id: this.settings.planId,
      // Billing from then on (PayPal's first charge is at start_time), rather than at approval.
      ...(request.startAt ? { start_time: request.startAt.toISOString().replace(/\.\d{3}Z$/, 'Z') } : {}),
      custom_id: request.userId,
      subscriber: { name: splitName(request.name), email_address: request.email },
      application_context: {
        brand_name: PRODUCT_NAME,
        shipping_preference: 'NO_SHIPPING',
        user_action: 'SUBSCRIBE_NOW',
        return_url: `${back}?paypal=approved`,
        cancel_url: `${back}?paypal=cancelled`,
      },
    })) as SubscriptionResource;
    return { id: created.id, approvalUrl: approveLink(created.links) };
  }

  /** The subscription as PayPal has it now; undefined when PayPal knows no such subscription. */
  async subscription(id: string): Promise<PaypalSubscription | undefined> {
    const found = await this.find(`/v1/billing/subscriptions/${encodeURIComponent(id)}`);
    return found ? readSubscription(found as SubscriptionResource) : undefined;
  }

  /** Ends the subscription at PayPal (204); one that is already canceled or expired is left as it is. */
  async cancelSubscription(subscriptionId: string): Promise<void> {
    try {
      await this.call('POST', `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, {
        reason: 'Canceled by the subscriber',
      });
    } catch (err) {
      if (err instanceof PaypalApiError && err.status === 422 && err.issue === 'SUBSCRIPTION_STATUS_INVALID') {
        const current = await this.subscription(subscriptionId);
        if (current && (current.status === 'CANCELLED' || current.status === 'EXPIRED')) return;
      }
      throw err;
    }
  }

  /**
   * Asks PayPal whether a webhook delivery is its own, for our webhook: true only for verification_status SUCCESS.
   * `eventJson` is the delivery's body as JSON text, sent on as the webhook_event.
   */
  async verify(headers: PaypalWebhookHeaders, eventJson: string): Promise<boolean> {
    const fields = JSON.stringify({
      auth_algo: headers.authAlgo,
      cert_url: headers.certUrl,
      transmission_id: headers.transmissionId,
      transmission_sig: headers.transmissionSig,
      transmission_time: headers.transmissionTime,
      webhook_id: this.settings.webhookId,
    });
    // The event goes on as it came: spliced in, not parsed and written again.
    const body = `${fields.slice(0, -1)},"webhook_event":${eventJson}}`;
    const answer = (await this.call('POST', '/v1/notifications/verify-webhook-signature', body)) as {
      verification_status?: string;
    };
    return answer.verification_status === 'SUCCESS';
  }

  /** Our own signed link: opening it creates the PayPal order and sends the payer on to approve it. */
  async checkoutUrl(request: CheckoutRequest): Promise<string> {
    const id = request.purchase.id;
    return `${this.appUrl}/api/paypal/checkout/${encodeURIComponent(id)}?sig=${this.links.sign(id)}`;
  }

  /** True when `sig` is the one this purchase's checkout link carries. */
  verifyCheckout(purchaseId: string, sig: string | undefined): boolean {
    return this.links.verify(purchaseId, sig);
  }

  /**
   * An order for one purchase, to capture at once when the payer approves it; PayPal sends the payer back to
   * `returnUrl` with `?token=<order id>&PayerID=…`, or to `cancelUrl`. Answers the order as PayPal made it.
   */
  async createOrder(request: OrderRequest): Promise<PaypalOrder> {
    const created = (await this.call(
      'POST',
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: `${request.purchase.kind}:${request.purchase.id}`,
            description: request.description.slice(0, 127),
            amount: { currency_code: request.currency, value: request.amount.toFixed(2) },
          },
        ],
        application_context: {
          brand_name: PRODUCT_NAME,
          shipping_preference: 'NO_SHIPPING',
          user_action: 'PAY_NOW',
          return_url: request.returnUrl,
          cancel_url: request.cancelUrl,
        },
        // The whole order in the answer (not only its id and links): its payee, as PayPal set it, is checked at once.
      },
      { Prefer: 'return=representation' },
    )) as OrderResource;
    return readOrder(created);
  }

  /**
   * True when PayPal pays the order to the account we mean to be paid. PayPal pays an order to the account that owns
   * the REST app unless the create call names another payee, which ours never does, and only our credentials create,
   * change or capture our orders: so the order bound to a job is ours by where it came from, which the return route
   * checks first. This is the second lock, on the account itself, and it needs to be told which account that is:
   * with PAYPAL_MERCHANT_ID (the business account's merchant id), an order PayPal reports as payable to any other
   * (the REST app of another account, deployed by mistake; a payee changed after the order was made) is neither
   * offered to a payer nor captured. Without it nothing but those same credentials could say who "we" are, so the
   * order's origin is the check.
   */
  paysUs(order: PaypalOrder): boolean {
    const merchant = this.settings.merchantId;
    return merchant === undefined || order.payee === merchant;
  }

  /** The order as PayPal has it now; undefined when PayPal knows no such order. */
  async order(id: string): Promise<PaypalOrder | undefined> {
    const found = await this.find(`/v2/checkout/orders/${encodeURIComponent(id)}`);
    return found ? readOrder(found as OrderResource) : undefined;
  }

  /**
   * Takes the money of an approved order. An order captured already answers as it is (a reloaded return page); one
   * the payer has not approved comes back without a capture; a refused payment is CardDeclinedError.
   */
  async captureOrder(id: string): Promise<PaypalOrder> {
    try {
      return readOrder((await this.call('POST', `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {})) as OrderResource);
    } catch (err) {
      if (!(err instanceof PaypalApiError) || err.status !== 422) throw err;
      if (err.issue === 'INSTRUMENT_DECLINED') throw new CardDeclinedError('PayPal declined the payment');
      if (err.issue !== 'ORDER_ALREADY_CAPTURED' && err.issue !== 'ORDER_NOT_APPROVED') throw err;
      const order = await this.order(id);
      if (!order) throw err;
      return order;
    }
  }

  /** A resource PayPal may not know: undefined for its 404. */
  private async find(path: string): Promise<unknown> {
    try {
      return await this.call('GET', path);
    } catch (err) {
      if (err instanceof PaypalApiError && err.status === 404) return undefined;
      throw err;
    }
  }

  /** One API call with the bearer token; a refused token is fetched again once. The answer's JSON, or null for 204. */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<unknown> {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const requestId = method === 'POST' ? randomUUID() : undefined;
    for (let attempt = 1; ; attempt += 1) {
      const token = await this.accessToken();
      const res = await this.send(method, path, {
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          ...(payload !== undefined ? { 'Content-Type': 'application/json' } : {}),
          // The same id on a retried POST makes PayPal act once.
          ...(requestId ? { 'PayPal-Request-Id': requestId } : {}),
          ...extraHeaders,
        },
        body: payload,
      });
      if (res.status === 401 && attempt === 1) {
        if (this.token?.value === token) this.token = undefined;
        continue;
      }
      if (res.status === 204) return null;
      const text = await res.text();
      if (!res.ok) throw apiError(res.status, text, `${method} ${path}`);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new ProviderUnavailableError(`PayPal answered ${method} ${path} with a body that is not JSON`);
      }
    }
  }

  /** The cached token, or a new one (one request at a time asks PayPal for it). */
  private accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt) return Promise.resolve(this.token.value);
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = undefined;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64');
    const res = await this.send('POST', '/v1/oauth2/token', {
      headers: {
        Authorization: `Basic ${basic}`,
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const text = await res.text();
    if (!res.ok) throw apiError(res.status, text, 'the access token request');
    const answer = JSON.parse(text) as { access_token?: string; expires_in?: number };
    if (!answer.access_token) throw new ProviderUnavailableError('PayPal gave no access token');
    this.token = { value: answer.access_token, expiresAt: this.now() + (answer.expires_in ?? 0) * 1000 - TOKEN_MARGIN_MS };
    return answer.access_token;
  }

  private async send(method: string, path: string, init: { headers: Record<string, string>; body?: string }): Promise<Response> {
    try {
      return await fetch(`${this.settings.apiBase}${path}`, { method, ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      throw new ProviderUnavailableError(`PayPal could not be reached (${method} ${path}): ${(err as Error).message}`);
    }
  }
}

/**
 * PayPal's error answers: `{name, message, debug_id, details: [{issue, description}]}` from the REST APIs, or
 * OAuth's `{error, error_description}` from the token endpoint.
 */
function apiError(status: number, text: string, what: string): PaypalApiError {
  let body: {
    name?: string;
    message?: string;
    debug_id?: string;
    details?: Array<{ issue?: string }>;
    error?: string;
    error_description?: string;
  } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const name = body.name ?? body.error ?? `HTTP_${status}`;
  const issue = body.details?.[0]?.issue;
  const said = body.message ?? body.error_description ?? '';
  const debug = body.debug_id ? ` (debug id ${body.debug_id})` : '';
  return new PaypalApiError(
    status,
    name,
    issue,
    `PayPal refused ${what}: ${status} ${name}${issue ? `/${issue}` : ''} ${said}${debug}`.trim(),
  );
}
