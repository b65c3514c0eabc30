import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type CompressionJob, type CompressionResponse, FREE_COMPRESSION_LIMIT_BYTES } from '@shrinkly/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { PaypalPayments } from '../../src/adapters/payments/paypal.payments.js';
import { compressionJobs, payments } from '../../src/db/schema/index.js';
import { type ProviderSubscriptionEvent, SubscriptionEventHandler } from '../../src/features/billing/subscription-events.js';
import { errorOf } from '../api-errors.js';
import type { FakeDelivery } from '../fakes/paypal-fake.js';
import { makeStoredZip } from '../fixtures.js';
import { newUser, type TestApp, useTempDir, useTestApp } from '../harness.js';
import { useLocalPaypal, useStripeFake } from '../payment-stand-ins.js';
import { jobWaitingForPayment } from '../seeds.js';

describe('PayPal subscriptions (PAYMENT_PROVIDER=paypal, against the local PayPal)', () => {
  const fake = useLocalPaypal();
  const t = useTestApp(() => ({ env: fake.env() }));
  let handled: MockInstance<SubscriptionEventHandler['handle']>;

  beforeAll(() => {
    // The plan life cycle's handler is the real one (features/plans), watched.
    handled = vi.spyOn(t.running.app.get(SubscriptionEventHandler, { strict: false }), 'handle');
  });
  beforeEach(() => {
    handled.mockClear();
  });

  const received = (): ProviderSubscriptionEvent[] => handled.mock.calls.map(([event]) => event);

  async function signUp() {
    const body = newUser();
    const { token, user } = await t.api.register(body);
    return { token, id: user.id, email: body.email, name: body.name, api: t.as(token) };
  }

  function post(delivery: Pick<FakeDelivery, 'headers' | 'body'>): Promise<Response> {
    return t.fetch('/api/paypal/webhook', { method: 'POST', headers: delivery.headers, body: delivery.body });
  }

  const ledgerOf = (userId: string) => t.running.database.db.select().from(payments).where(eq(payments.userId, userId));

  describe('create and activate', () => {
    it('create → the payer approves at PayPal → activate: premium for the caller, as PayPal has it', async () => {
      const ada = await signUp();
      const created = await ada.api.paypalCreateSubscription({ userEmail: 'ada.payer@example.com', userName: 'Ada King' });
      expect(created.id).toMatch(/^I-/);
      expect(created.approvalUrl).toContain('/webapps/billing/subscriptions?ba_token=BA-');
      expect(fake.subscriptions.get(created.id)).toMatchObject({
        custom_id: ada.id,
        plan_id: fake.planId,
        subscriber: { email_address: 'ada.payer@example.com', name: { given_name: 'Ada', surname: 'King' } },
      });

      fake.approve(created.id);
      const details = await ada.api.paypalActivateSubscription({ subscriptionId: created.id });

      const nextBilling = fake.subscriptions.get(created.id)?.billing_info as { next_billing_time: string };
      expect(details).toMatchObject({
        plan: 'premium',
        status: 'active',
        provider: 'paypal',
        canCancel: true,
        nextBillingDate: new Date(nextBilling.next_billing_time).toISOString(),
      });
      expect(await ada.api.subscription()).toEqual(details);
      // Activated again (the return page reloaded): the same plan.
      expect(await ada.api.paypalActivateSubscription({ subscriptionId: created.id })).toEqual(details);
    });

    it('creating again while the plan is active is refused (409)', async () => {
      const ada = await signUp();
      const { id } = await ada.api.paypalCreateSubscription({ userEmail: ada.email, userName: ada.name });
      fake.approve(id);
      await ada.api.paypalActivateSubscription({ subscriptionId: id });
      expect((await errorOf(ada.api.paypalCreateSubscription({ userEmail: ada.email, userName: ada.name }))).status).toBe(409);
    });

    it("someone else's subscription is refused, and nothing changes", async () => {
      const owner = await signUp();
      const other = await signUp();
      const { id } = await owner.api.paypalCreateSubscription({ userEmail: owner.email, userName: owner.name });
      fake.approve(id);
      const error = await errorOf(other.api.paypalActivateSubscription({ subscriptionId: id }));
      expect(error.status).toBe(404);
      expect(await other.api.subscription()).toMatchObject({ plan: 'free', status: 'none', provider: null });
    });

    it('a subscription made at PayPal but not by our server for this account is refused, whatever its custom_id says', async () => {
      const ada = await signUp();
      // Made with our plan and Ada's id as custom_id, but not through our server (a client calling PayPal itself).
      const elsewhere = new PaypalPayments(fake.settings(), t.baseUrl, 'x'.repeat(43));
      const { id } = await elsewhere.createSubscription({ userId: ada.id, email: ada.email, name: ada.name });
      fake.approve(id);
      expect((await errorOf(ada.api.paypalActivateSubscription({ subscriptionId: id }))).status).toBe(404);
      expect((await post(fake.subscriptionDelivery('BILLING.SUBSCRIPTION.ACTIVATED', id))).status).toBe(200);
      expect(await ada.api.subscription()).toMatchObject({ plan: 'free', status: 'none' });
    });

    it('a subscription the payer has not approved, or PayPal has not activated yet, is refused (402)', async () => {
      const ada = await signUp();
      const pending = await ada.api.paypalCreateSubscription({ userEmail: ada.email, userName: ada.name });
      const notApproved = await errorOf(ada.api.paypalActivateSubscription({ subscriptionId: pending.id }));
      expect([notApproved.status, notApproved.serverMessage]).toEqual([
        402,
        'The subscription has not been approved at PayPal yet',
      ]);

      const approved = await ada.api.paypalCreateSubscription({ userEmail: ada.email, userName: ada.name });
      fake.approve(approved.id, { activate: false });
      expect((await errorOf(ada.api.paypalActivateSubscription({ subscriptionId: approved.id }))).status).toBe(402);
      expect(await ada.api.subscription()).toMatchObject({ status: 'none' });
    });

    it('an unknown or canceled subscription is refused', async () => {
      const ada = await signUp();
      expect((await errorOf(ada.api.paypalActivateSubscription({ subscriptionId: 'I-UNKNOWN00000' }))).status).toBe(404);
      const { id } = await ada.api.paypalCreateSubscription({ userEmail: ada.email, userName: ada.name });
      fake.approve(id);
      fake.setStatus(id, 'CANCELLED');
      const canceled = await errorOf(ada.api.paypalActivateSubscription({ subscriptionId: id }));
      expect([canceled.status, canceled.serverMessage]).toEqual([
        409,
        'This PayPal subscription has ended: please subscribe again',
      ]);
      expect(await ada.api.subscription()).toMatchObject({ status: 'none' });
    });

    it('a second approved subscription replaces the first, which is cancelled at PayPal first', async () => {
      const ada = await signUp();
      const first = await ada.api.paypalCreateSubscription({ userEmail: ada.email, userName: ada.name });
      const second = await ada.api.paypalCreateSubscription({ userEmail: ada.email, userName: ada.name });
      fake.approve(first.id);
      fake.approve(second.id);
      await ada.api.paypalActivateSubscription({ subscriptionId: first.id });
      await ada.api.paypalActivateSubscription({ subscriptionId: second.id });
      expect([fake.subscriptions.get(first.id)?.status, fake.subscriptions.get(second.id)?.status]).toEqual([
        'CANCELLED',
        'ACTIVE',
      ]);
      await ada.api.cancelSubscription();
      expect(fake.subscriptions.get(second.id)?.status).toBe('CANCELLED');
    });

    it("PayPal failing is the provider's error (502), not ours", async () => {
      const ada = await signUp();
      fake.failNext(1, 500);
      expect((await errorOf(ada.api.paypalCreateSubscription({ userEmail: ada.email, userName: ada.name }))).status).toBe(502);
    });

    it('both routes need a signed-in user', async () => {
      expect((await errorOf(t.api.paypalCreateSubscription({ userEmail: 'a@example.com', userName: 'A' }))).status).toBe(401);
      expect((await errorOf(t.api.paypalActivateSubscription({ subscriptionId: 'I-X' }))).status).toBe(401);
    });
  });

  describe('webhook', () => {
    /** An account whose PayPal subscription is active, as activate leaves it. */
    async function subscribed(): Promise<{ id: string; userId: string; api: ReturnType<TestApp['as']> }> {
      const ada = await signUp();
      const { id } = await ada.api.paypalCreateSubscription({ userEmail: ada.email, userName: ada.name });
      fake.approve(id);
      await ada.api.paypalActivateSubscription({ subscriptionId: id });
      handled.mockClear();
      return { id, userId: ada.id, api: ada.api };
    }

    it('a verified PAYMENT.SALE.COMPLETED reaches the plan life cycle as "paid", recorded in the ledger', async () => {
      const { id, userId } = await subscribed();
      const delivery = fake.saleDelivery(id);
      const res = await post(delivery);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true });
      const sale = delivery.event.resource as { id: string };
      expect(received()).toEqual([
        {
          type: 'paid',
          provider: 'paypal',
          subscriptionId: id,
          eventId: delivery.event.id,
          amount: 3.99,
          currency: 'USD',
          reference: sale.id,
        },
      ]);
      expect(await ledgerOf(userId)).toMatchObject([
        { kind: 'subscription', provider: 'paypal', providerReference: sale.id, amount: 3.99 },
      ]);
    });

    it('follows what PayPal says now, whatever order the deliveries come in: suspended, then ended', async () => {
      const { id, api } = await subscribed();
      const activatedDelivery = fake.subscriptionDelivery('BILLING.SUBSCRIPTION.ACTIVATED', id);
      const failed = fake.subscriptionDelivery('BILLING.SUBSCRIPTION.PAYMENT.FAILED', id);
      fake.setStatus(id, 'SUSPENDED');
      const suspended = fake.subscriptionDelivery('BILLING.SUBSCRIPTION.SUSPENDED', id);
      expect((await post(failed)).status).toBe(200);
      expect(await api.subscription()).toMatchObject({ status: 'past_due' });
      fake.setStatus(id, 'CANCELLED');
      const cancelled = fake.subscriptionDelivery('BILLING.SUBSCRIPTION.CANCELLED', id);
      expect((await post(cancelled)).status).toBe(200);
      expect(await api.subscription()).toMatchObject({ status: 'canceled', provider: null });
      // Late, out of order: the ACTIVATED and SUSPENDED deliveries of before change nothing now.
      for (const delivery of [activatedDelivery, suspended]) expect((await post(delivery)).status).toBe(200);
      expect(await api.subscription()).toMatchObject({ status: 'canceled', provider: null });
      expect(received().map((e) => [e.type, e.subscriptionId])).toEqual([
        ['changed', id],
        ['changed', id],
        ['changed', id],
        ['changed', id],
      ]);
    });

    it('a verified event of another type is answered 200 and ignored', async () => {
      await subscribed();
      const dispute = fake.delivery('CUSTOMER.DISPUTE.CREATED', 'dispute', { dispute_id: 'PP-D-12345' }, 'A new dispute opened');
      expect((await post(dispute)).status).toBe(200);
      expect(received()).toEqual([]);
    });

    it('a forged delivery (a signature PayPal did not make) is refused with 400 and changes nothing', async () => {
      const { id, userId, api } = await subscribed();
      const before = await api.subscription();
      const genuine = fake.subscriptionDelivery('BILLING.SUBSCRIPTION.CANCELLED', id);
      const forged = {
        ...genuine,
        headers: { ...genuine.headers, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') },
      };
      const res = await post(forged);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'PayPal did not verify this webhook delivery' });
      expect(received()).toEqual([]);
      expect(await api.subscription()).toEqual(before);
      expect(await ledgerOf(userId)).toEqual([]);
    });

    it('a genuine delivery with its body changed is refused and changes nothing', async () => {
      const { id, userId } = await subscribed();
      const genuine = fake.saleDelivery(id);
      const tampered = { ...genuine, body: genuine.body.replace('"total":"3.99"', '"total":"399.00"') };
      expect((await post(tampered)).status).toBe(400);
      expect(received()).toEqual([]);
      expect(await ledgerOf(userId)).toEqual([]);
    });

    it('a delivery made for another webhook (replayed from elsewhere) is refused', async () => {
      const { id } = await subscribed();
      expect((await post(fake.saleDelivery(id, { webhookId: '1JE4291016473214C' }))).status).toBe(400);
      expect(received()).toEqual([]);
    });

    it('replayed as it was, it is acknowledged and changes nothing more', async () => {
      const { id, userId, api } = await subscribed();
      const delivery = fake.saleDelivery(id);
      expect((await post(delivery)).status).toBe(200);
      const after = await api.subscription();
      expect((await post(delivery)).status).toBe(200);
      expect(received()).toHaveLength(1);
      expect(await ledgerOf(userId)).toHaveLength(1);
      expect(await api.subscription()).toEqual(after);
    });

    it("without PayPal's headers or with a body that is no event, it is refused before PayPal is asked", async () => {
      const { id } = await subscribed();
      const verifications = fake.callsTo('POST', '/v1/notifications/verify-webhook-signature').length;
      const delivery = fake.saleDelivery(id);
      expect((await post({ headers: { 'content-type': 'application/json' }, body: delivery.body })).status).toBe(400);
      expect((await post({ headers: delivery.headers, body: '{"hello":"world"}' })).status).toBe(400);
      expect(fake.callsTo('POST', '/v1/notifications/verify-webhook-signature')).toHaveLength(verifications);
      expect(received()).toEqual([]);
    });

    it('when PayPal cannot verify it now, answers 502 so that PayPal delivers it again', async () => {
      const { id } = await subscribed();
      const delivery = fake.saleDelivery(id);
      fake.failNext(1, 503);
      expect((await post(delivery)).status).toBe(502);
      expect(received()).toEqual([]);
      expect((await post(delivery)).status).toBe(200);
      expect(received()).toHaveLength(1);
    });
  });
});

describe('pay per file with PayPal (Orders API v2, against the local PayPal)', () => {
  const fake = useLocalPaypal();
  const t = useTestApp(() => ({ env: fake.env() }));
  const dir = useTempDir('shrinkly-paypal-');

  /** GET without following redirects: the status and where it sends the browser. */
  async function hop(url: string): Promise<{ status: number; location: string | null }> {
    const res = await fetch(url, { redirect: 'manual' });
    await res.body?.cancel();
    return { status: res.status, location: res.headers.get('location') };
  }

  /** Opens the job's checkout link: the order PayPal was asked for, by the approve link we are sent to. */
  async function openCheckout(paymentUrl: string): Promise<string> {
    const opened = await hop(paymentUrl);
    expect(opened.status).toBe(303);
    const approve = new URL(opened.location ?? '');
    expect(`${approve.origin}${approve.pathname}`).toBe(`${fake.url}/checkoutnow`);
    return approve.searchParams.get('token') ?? '';
  }

  it("the signed link → PayPal → back: captured at the job's price, the job paid once", async () => {
    const file = path.join(dir, 'big.zip');
    await makeStoredZip(file, FREE_COMPRESSION_LIMIT_BYTES);
    const body = new FormData();
    body.set('file', new Blob([await readFile(file)]), 'big.zip');
    const job = (await (await t.fetch('/api/compress', { method: 'POST', body })).json()) as CompressionResponse & {
      paymentUrl: string;
    };
    expect(job.status).toBe('payment_required');
    const paymentUrl = new URL(job.paymentUrl);
    expect(`${paymentUrl.origin}${paymentUrl.pathname}`).toBe(`${t.baseUrl}/api/paypal/checkout/${job.jobId}`);

    // Someone else's guess of the link, and an order made elsewhere (with our public client id) for less: refused.
    expect((await hop(`${t.baseUrl}/api/paypal/checkout/${job.jobId}?sig=forged`)).status).toBe(404);
    const elsewhere = new PaypalPayments(fake.settings(), t.baseUrl, 'x'.repeat(43));
    const cheap = await elsewhere.createOrder({
      purchase: { kind: 'compression', id: job.jobId },
      amount: 0.01,
      currency: 'USD',
      description: 'cheap',
      returnUrl: `${t.baseUrl}/api/paypal/checkout-return`,
      cancelUrl: t.baseUrl,
    });
    expect((await hop(fake.approveOrder(cheap.id))).status).toBe(404);
    expect(fake.orders.get(cheap.id)?.status).toBe('APPROVED');

    // The payer cancels at PayPal, or their funding is refused: back to the pages of those outcomes, nothing paid.
    const canceled = await openCheckout(job.paymentUrl);
    expect(fake.cancelUrlOf(canceled)).toBe(`${t.baseUrl}/payment-error?error=payment_cancelled&jobId=${job.jobId}`);
    const declined = await openCheckout(job.paymentUrl);
    expect(await hop(fake.approveOrder(declined, { declines: true }))).toEqual({
      status: 303,
      location: `/payment-failed?jobId=${job.jobId}`,
    });
    expect(((await (await t.fetch(`/api/compression-job/${job.jobId}`)).json()) as CompressionJob).isPaid).toBe(false);

    const orderId = await openCheckout(job.paymentUrl);
    expect(fake.orders.get(orderId)?.purchase_units).toMatchObject([
      { reference_id: `compression:${job.jobId}`, amount: { currency_code: 'USD', value: '1.00' } },
    ]);
    const back = fake.approveOrder(orderId);
    const paid = await hop(back);
    const units = fake.orders.get(orderId)?.purchase_units as Array<{ payments: { captures: Array<{ id: string }> } }>;
    const captureId = units[0]?.payments.captures[0]?.id;
    expect(paid).toEqual({ status: 303, location: `/payment-success/compression?jobId=${job.jobId}&paymentId=${captureId}` });
    expect(((await (await t.fetch(`/api/compression-job/${job.jobId}`)).json()) as CompressionJob).isPaid).toBe(true);

    // Back again (a reload), or the link opened again: the same success page; nothing more is taken or recorded.
    expect(await hop(back)).toEqual(paid);
    const orders = fake.orders.size;
    expect(await hop(job.paymentUrl)).toEqual(paid);
    expect(fake.orders.size).toBe(orders);
    const ledger = await t.running.database.db.select().from(payments).where(eq(payments.jobId, job.jobId));
    expect(ledger).toMatchObject([
      { provider: 'paypal', providerReference: captureId, amount: 1, currency: 'USD', status: 'succeeded' },
    ]);
  }, 120_000);

  describe('one order per job, and only that order captured', () => {
    /** A visitor's 150 MB file waiting for its $1 payment, and its signed checkout link. */
    async function jobWithCheckoutLink(): Promise<{ jobId: string; paymentUrl: string }> {
      const jobId = await jobWaitingForPayment(t);
      const job = (await (await t.fetch(`/api/compression-job/${jobId}`)).json()) as CompressionJob;
      return { jobId, paymentUrl: job.paymentUrl as string };
    }

    /** An order for the job made with our credentials but not through its link (as each opening of it used to). */
    function orderMadeElsewhere(jobId: string, amount = 1): Promise<{ id: string }> {
      return new PaypalPayments(fake.settings(), t.baseUrl, 'x'.repeat(43)).createOrder({
        purchase: { kind: 'compression', id: jobId },
        amount,
        currency: 'USD',
        description: 'elsewhere',
        returnUrl: `${t.baseUrl}/api/paypal/checkout-return`,
        cancelUrl: t.baseUrl,
      });
    }

    const statusOf = (orderId: string) => fake.orders.get(orderId)?.status;
    const capturesOf = (orderId: string) => fake.callsTo('POST', `/v2/checkout/orders/${orderId}/capture`).length;
    const ordersFor = (jobId: string) =>
      [...fake.orders.values()].filter(
        (o) => (o.purchase_units as Array<{ reference_id: string }>)[0]?.reference_id === `compression:${jobId}`,
      );
    const isPaid = async (jobId: string) =>
      ((await (await t.fetch(`/api/compression-job/${jobId}`)).json()) as CompressionJob).isPaid;

    it('the link opened twice goes on with the same order; a second order for the job is never captured', async () => {
      const { jobId, paymentUrl } = await jobWithCheckoutLink();
      const first = await openCheckout(paymentUrl);
      expect(await openCheckout(paymentUrl)).toBe(first);
      expect(ordersFor(jobId)).toHaveLength(1);
      const [row] = await t.running.database.db.select().from(compressionJobs).where(eq(compressionJobs.id, jobId));
      expect(row?.checkoutReference).toBe(first);

      const second = await orderMadeElsewhere(jobId);
      const secondBack = fake.approveOrder(second.id);
      const firstBack = fake.approveOrder(first);
      expect((await hop(secondBack)).status).toBe(404);
      expect((await hop(firstBack)).location).toMatch(/^\/payment-success\/compression\?/);
      expect((await hop(secondBack)).status).toBe(404);
      expect([statusOf(first), statusOf(second.id)]).toEqual(['COMPLETED', 'APPROVED']);
      expect(capturesOf(second.id)).toBe(0);
      expect(await t.running.database.db.select().from(payments).where(eq(payments.jobId, jobId))).toHaveLength(1);
    });

    it('openings of the link that arrive together share one order', async () => {
      const { jobId, paymentUrl } = await jobWithCheckoutLink();
      const opened = await Promise.all([openCheckout(paymentUrl), openCheckout(paymentUrl), openCheckout(paymentUrl)]);
      expect(new Set(opened).size).toBe(1);
      const [row] = await t.running.database.db.select().from(compressionJobs).where(eq(compressionJobs.id, jobId));
      expect(row?.checkoutReference).toBe(opened[0]);
    });

    it('a made-up order, or an order of the job that is not its own, is not found at the return route and not captured', async () => {
      const { jobId } = await jobWithCheckoutLink();
      expect((await hop(`${t.baseUrl}/api/paypal/checkout-return?token=5O190127TN364715T&PayerID=QYR5Z8XDVJNXQ`)).status).toBe(
        404,
      );
      // The job's link was never opened: no order is its own, so one made for it elsewhere is refused at its price too.
      const stray = await orderMadeElsewhere(jobId);
      expect((await hop(fake.approveOrder(stray.id))).status).toBe(404);
      expect([statusOf(stray.id), capturesOf(stray.id)]).toEqual(['APPROVED', 0]);
      expect(await isPaid(jobId)).toBe(false);
    });

    it('a paid job is not captured again: its order back again, or another order for it', async () => {
      const { jobId, paymentUrl } = await jobWithCheckoutLink();
      const orderId = await openCheckout(paymentUrl);
      const back = fake.approveOrder(orderId);
      const paid = await hop(back);
      expect(paid.location).toMatch(/^\/payment-success\/compression\?/);
      expect(capturesOf(orderId)).toBe(1);

      expect(await hop(back)).toEqual(paid);
      expect(await hop(paymentUrl)).toEqual(paid);
      expect(capturesOf(orderId)).toBe(1);
      const late = await orderMadeElsewhere(jobId);
      expect((await hop(fake.approveOrder(late.id))).status).toBe(404);
      expect([statusOf(late.id), capturesOf(late.id)]).toEqual(['APPROVED', 0]);
      expect(await t.running.database.db.select().from(payments).where(eq(payments.jobId, jobId))).toHaveLength(1);
    });

    it('an order PayPal no longer offers is replaced by a new one, and only the new one is captured', async () => {
      const { jobId, paymentUrl } = await jobWithCheckoutLink();
      const voided = await openCheckout(paymentUrl);
      (fake.orders.get(voided) as { status: string }).status = 'VOIDED';
      const replacement = await openCheckout(paymentUrl);
      expect(replacement).not.toBe(voided);
      expect(await openCheckout(paymentUrl)).toBe(replacement);
      expect((await hop(fake.approveOrder(replacement))).location).toMatch(/^\/payment-success\/compression\?/);
      expect(await isPaid(jobId)).toBe(true);
      expect(capturesOf(voided)).toBe(0);
    });

    it('an order that does not pay PAYPAL_MERCHANT_ID is neither offered to the payer nor captured', async () => {
      const { jobId, paymentUrl } = await jobWithCheckoutLink();
      const orderId = await openCheckout(paymentUrl);
      const back = fake.approveOrder(orderId);
      // The payee changed after the order was made (PayPal reports another merchant account for it).
      const units = fake.orders.get(orderId)?.purchase_units as Array<{ payee: { merchant_id: string } }>;
      const unit = units[0];
      if (unit) unit.payee.merchant_id = 'X9PLKT3M2QJWA';
      expect((await hop(back)).status).toBe(404);
      expect((await hop(paymentUrl)).status).toBe(502);
      expect([statusOf(orderId), capturesOf(orderId)]).toEqual(['APPROVED', 0]);
      expect(await isPaid(jobId)).toBe(false);
    });
  });
});

describe('PayPal routes with another payment provider', () => {
  const stripe = useStripeFake('x');
  const t = useTestApp(() => ({ env: stripe.env }));

  it('answer 404 (Stripe has no PayPal approvals; the sandbox has its test-mode one)', async () => {
    const { token } = await t.api.register(newUser());
    const api = t.as(token);
    await expect(api.paypalCreateSubscription({ userEmail: 'a@example.com', userName: 'A' })).rejects.toMatchObject({
      status: 404,
    });
    await expect(api.paypalActivateSubscription({ subscriptionId: 'I-X' })).rejects.toMatchObject({ status: 404 });
    const res = await t.fetch('/api/paypal/webhook', {
      method: 'POST',
      json: { id: 'WH-1', event_type: 'PAYMENT.SALE.COMPLETED', resource: {} },
    });
    expect(res.status).toBe(404);
    expect(
      (await t.fetch('/api/paypal/checkout/0b6f1c1e-8d0a-4a7e-9a51-6c2b1f3e9d10?sig=x', { redirect: 'manual' })).status,
    ).toBe(404);
    expect((await t.fetch('/api/paypal/checkout-return?token=5O190127TN364715T', { redirect: 'manual' })).status).toBe(404);
  });
});
