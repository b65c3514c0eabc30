import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CardDeclinedError, ProviderUnavailableError } from '../../src/adapters/payments/payment.port.js';
import { PaypalApiError, PaypalPayments } from '../../src/adapters/payments/paypal.payments.js';
import { addMonths } from '../../src/common/billing-calendar.js';
import { PaypalFake } from '../fakes/paypal-fake.js';
import { freePort } from '../harness.js';
import { paymentAdapterContract } from '../payment-adapter.contract.js';

const APP_URL = 'https://shrinkly.example';
const LINK_SECRET = 'l'.repeat(43);

describe('PaypalPayments against the local PayPal', () => {
  let fake: PaypalFake;
  let clock: { ms: number };
  let paypal: PaypalPayments;

  beforeAll(async () => {
    fake = await PaypalFake.start({
      plans: [
        { id: 'P-5ML4271244454362WXNWU5NQ', price: '3.99', currency: 'USD', trialDays: 0 },
        { id: 'P-3RX065706M3469222L5IFM4I', price: '3.99', currency: 'USD', trialDays: 7 },
      ],
    });
  });
  afterAll(async () => fake?.close());
  beforeEach(() => {
    clock = { ms: Date.now() };
    paypal = new PaypalPayments(fake.settings(), APP_URL, LINK_SECRET, { now: () => clock.ms });
  });

  const tokenRequests = () => fake.callsTo('POST', '/v1/oauth2/token').length;

  async function approvedSubscription(adapter = paypal): Promise<string> {
    const { id } = await adapter.createSubscription({ userId: 'user-1', email: 'ada@example.com', name: 'Ada Lovelace' });
    fake.approve(id);
    return id;
  }

  describe('the access token', () => {
    it('is asked for with the client credentials and kept while it lasts', async () => {
      const before = tokenRequests();
      await paypal.subscription('I-NOTHING');
      await paypal.subscription('I-NOTHING');
      expect(tokenRequests()).toBe(before + 1);
      const request = fake.callsTo('POST', '/v1/oauth2/token').at(-1);
      expect(request?.headers.authorization).toBe(
        `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`,
      );
      expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(request?.body).toBe('grant_type=client_credentials');
      expect(fake.calls.at(-1)?.headers.authorization).toMatch(/^Bearer A21AA/);
    });

    it('is asked for again once it is about to expire', async () => {
      await paypal.subscription('I-NOTHING');
      const before = tokenRequests();
      clock.ms += 32_400 * 1000 - 30_000; // within the last minute of PayPal's 9 hours
      await paypal.subscription('I-NOTHING');
      expect(tokenRequests()).toBe(before + 1);
    });

    it('is asked for once by calls made at the same time', async () => {
      const before = tokenRequests();
      await Promise.all([paypal.subscription('I-A'), paypal.subscription('I-B'), paypal.subscription('I-C')]);
      expect(tokenRequests()).toBe(before + 1);
    });

    it('is fetched again when PayPal refuses it (401), and the call goes through', async () => {
      const id = await approvedSubscription();
      fake.revokeTokens();
      const before = tokenRequests();
      expect((await paypal.subscription(id))?.status).toBe('ACTIVE');
      expect(tokenRequests()).toBe(before + 1);
    });

    it("with wrong credentials, fails as the provider's error without retrying forever", async () => {
      const wrong = new PaypalPayments({ ...fake.settings(), clientSecret: 'wrong' }, APP_URL, LINK_SECRET);
      const error = await wrong.subscription('I-ANY').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect(error).toMatchObject({ status: 401, errorName: 'invalid_client' });
    });
  });

  describe('subscriptions', () => {
    it('are created for the plan, the user (custom_id) and the payer, returning to /subscribe, with the approve link', async () => {
      const created = await paypal.createSubscription({
        userId: 'user-42',
        email: 'grace@example.com',
        name: 'Grace Brewster Hopper',
      });
      expect(created.id).toMatch(/^I-[A-Z0-9]{12}$/);
      expect(created.approvalUrl).toMatch(new RegExp(`^${fake.url}/webapps/billing/subscriptions\\?ba_token=BA-`));
      const sent = JSON.parse(fake.callsTo('POST', '/v1/billing/subscriptions').at(-1)?.body ?? '{}') as Record<string, unknown>;
      expect(sent).toMatchObject({
        plan_id: fake.planId,
        custom_id: 'user-42',
        subscriber: { name: { given_name: 'Grace', surname: 'Brewster Hopper' }, email_address: 'grace@example.com' },
        application_context: {
          return_url: `${APP_URL}/subscribe?paypal=approved`,
          cancel_url: `${APP_URL}/subscribe?paypal=cancelled`,
        },
      });
      expect(fake.callsTo('POST', '/v1/billing/subscriptions').at(-1)?.headers['paypal-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('are read back: waiting for approval, then active with the next billing time', async () => {
      const { id } = await paypal.createSubscription({ userId: 'user-7', email: 'a@example.com', name: 'Ada' });
      expect(await paypal.subscription(id)).toEqual({
        id,
        status: 'APPROVAL_PENDING',
        planId: fake.planId,
        customId: 'user-7',
        nextBillingTime: null,
        lastPaymentTime: null,
        inTrial: false,
      });
      fake.approve(id);
      const active = await paypal.subscription(id);
      expect(active).toMatchObject({ status: 'ACTIVE', customId: 'user-7', inTrial: false });
      expect(active?.nextBillingTime?.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
      expect(Math.abs((active?.lastPaymentTime?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
      // Cancelled, it has no next billing time: what was paid runs a month from the last payment.
      await paypal.cancelSubscription(id);
      expect(await paypal.approvalPlans.subscription(id)).toMatchObject({
        status: 'ended',
        periodEnd: addMonths(active?.lastPaymentTime as Date, 1),
      });
    });

    it('of a plan with a free trial say so, the next billing time ending the trial', async () => {
      const trialPlan = new PaypalPayments({ ...fake.settings(), planId: 'P-3RX065706M3469222L5IFM4I' }, APP_URL, LINK_SECRET);
      const id = await approvedSubscription(trialPlan);
      const subscription = await trialPlan.subscription(id);
      expect(subscription?.inTrial).toBe(true);
      expect(Math.round(((subscription?.nextBillingTime?.getTime() ?? 0) - Date.now()) / (24 * 3600 * 1000))).toBe(7);
    });

    it('unknown to PayPal read as undefined (its 404)', async () => {
      expect(await paypal.subscription('I-DOESNOTEXIST')).toBeUndefined();
    });

    it("of a plan PayPal does not know are refused with PayPal's error", async () => {
      const other = new PaypalPayments({ ...fake.settings(), planId: 'P-UNKNOWN' }, APP_URL, LINK_SECRET);
      await expect(other.createSubscription({ userId: 'u', email: 'e@example.com', name: 'E' })).rejects.toMatchObject({
        status: 404,
        errorName: 'RESOURCE_NOT_FOUND',
        issue: 'INVALID_RESOURCE_ID',
      });
    });

    it('cannot be cancelled when PayPal never had them', async () => {
      await expect(paypal.cancelSubscription('I-DOESNOTEXIST')).rejects.toBeInstanceOf(PaypalApiError);
    });

    it('still waiting for approval cannot be cancelled (422 SUBSCRIPTION_STATUS_INVALID is not "already ended")', async () => {
      const { id } = await paypal.createSubscription({ userId: 'u', email: 'e@example.com', name: 'E' });
      await expect(paypal.cancelSubscription(id)).rejects.toMatchObject({ status: 422, issue: 'SUBSCRIPTION_STATUS_INVALID' });
    });

    it('expired at PayPal count as ended: cancel is harmless', async () => {
      const id = await approvedSubscription();
      fake.setStatus(id, 'EXPIRED');
      await expect(paypal.cancelSubscription(id)).resolves.toBeUndefined();
    });
  });

  describe('webhook verification', () => {
    const headersOf = (delivery: { headers: Record<string, string> }) => ({
      authAlgo: delivery.headers['paypal-auth-algo'] ?? '',
      certUrl: delivery.headers['paypal-cert-url'] ?? '',
      transmissionId: delivery.headers['paypal-transmission-id'] ?? '',
      transmissionSig: delivery.headers['paypal-transmission-sig'] ?? '',
      transmissionTime: delivery.headers['paypal-transmission-time'] ?? '',
    });

    it('asks PayPal with the PAYPAL-* headers, our webhook id and the event, and trusts only SUCCESS', async () => {
      const id = await approvedSubscription();
      const delivery = fake.saleDelivery(id);
      expect(await paypal.webhooks.verify(headersOf(delivery), delivery.body)).toBe(true);
      const sent = JSON.parse(fake.callsTo('POST', '/v1/notifications/verify-webhook-signature').at(-1)?.body ?? '{}') as Record<
        string,
        unknown
      >;
      expect(sent).toEqual({
        auth_algo: 'SHA256withRSA',
        cert_url: delivery.headers['paypal-cert-url'],
        transmission_id: delivery.headers['paypal-transmission-id'],
        transmission_sig: delivery.headers['paypal-transmission-sig'],
        transmission_time: delivery.headers['paypal-transmission-time'],
        webhook_id: fake.webhookId,
        webhook_event: delivery.event,
      });
    });

    it("fails for a changed body, another transmission, or another webhook's delivery", async () => {
      const id = await approvedSubscription();
      const delivery = fake.saleDelivery(id);
      const tampered = delivery.body.replace('"total":"3.99"', '"total":"0.01"');
      expect(tampered).not.toBe(delivery.body);
      expect(await paypal.webhooks.verify(headersOf(delivery), tampered)).toBe(false);
      expect(
        await paypal.webhooks.verify(
          { ...headersOf(delivery), transmissionId: 'b2a3c4d5-0000-4000-8000-000000000000' },
          delivery.body,
        ),
      ).toBe(false);
      const forOther = fake.saleDelivery(id, { webhookId: '1JE4291016473214C' });
      expect(await paypal.webhooks.verify(headersOf(forOther), forOther.body)).toBe(false);
    });
  });

  describe('one-time payments (Orders API v2)', () => {
    const purchase = { kind: 'compression' as const, id: '0b6f1c1e-8d0a-4a7e-9a51-6c2b1f3e9d10' };
    const newOrder = () =>
      paypal.createOrder({
        purchase,
        amount: 1,
        currency: 'USD',
        description: 'Compression of big.zip',
        returnUrl: `${APP_URL}/api/paypal/checkout-return`,
        cancelUrl: `${APP_URL}/payment-error?error=payment_cancelled`,
      });

    it('checkout links are ours, signed for the purchase', async () => {
      const url = new URL(await paypal.checkoutUrl({ purchase, amount: 1, currency: 'USD', description: 'One file' }));
      expect(`${url.origin}${url.pathname}`).toBe(`${APP_URL}/api/paypal/checkout/${purchase.id}`);
      expect(paypal.verifyCheckout(purchase.id, url.searchParams.get('sig') ?? undefined)).toBe(true);
      expect(paypal.verifyCheckout('another-job', url.searchParams.get('sig') ?? undefined)).toBe(false);
      expect(paypal.verifyCheckout(purchase.id, undefined)).toBe(false);
    });

    it("an order asks the purchase's price, named by its reference, and gives the approve link", async () => {
      const order = await newOrder();
      expect(order.approvalUrl).toBe(`${fake.url}/checkoutnow?token=${order.id}`);
      const sent = JSON.parse(fake.callsTo('POST', '/v2/checkout/orders').at(-1)?.body ?? '{}') as Record<string, unknown>;
      expect(sent).toMatchObject({
        intent: 'CAPTURE',
        purchase_units: [{ reference_id: `compression:${purchase.id}`, amount: { currency_code: 'USD', value: '1.00' } }],
        application_context: { return_url: `${APP_URL}/api/paypal/checkout-return`, user_action: 'PAY_NOW' },
      });
      const asCreated = {
        id: order.id,
        status: 'CREATED',
        reference: `compression:${purchase.id}`,
        amount: 1,
        currency: 'USD',
        capture: null,
        payee: fake.merchantId,
        approvalUrl: order.approvalUrl,
      };
      expect(order).toEqual(asCreated);
      expect(await paypal.order(order.id)).toEqual(asCreated);
    });

    it('pays us only an order whose payee is PAYPAL_MERCHANT_ID, when it is set', async () => {
      const order = await newOrder();
      expect(paypal.paysUs(order)).toBe(true);
      const ours = new PaypalPayments({ ...fake.settings(), merchantId: fake.merchantId }, APP_URL, LINK_SECRET);
      expect(ours.paysUs(order)).toBe(true);
      const another = new PaypalPayments({ ...fake.settings(), merchantId: 'X9PLKT3M2QJWA' }, APP_URL, LINK_SECRET);
      expect(another.paysUs(order)).toBe(false);
      expect(another.paysUs({ ...order, payee: null })).toBe(false);
    });

    it('is captured once approved; captured again it answers the same capture', async () => {
      const order = await newOrder();
      const back = new URL(fake.approveOrder(order.id));
      expect(back.searchParams.get('token')).toBe(order.id);
      const captured = await paypal.captureOrder(order.id);
      expect(captured).toMatchObject({ status: 'COMPLETED', capture: { status: 'COMPLETED', amount: 1, currency: 'USD' } });
      expect(await paypal.captureOrder(order.id)).toEqual(captured);
    });

    it('not approved, it comes back without a capture; a refused payment is CardDeclinedError', async () => {
      const pending = await newOrder();
      expect((await paypal.captureOrder(pending.id)).capture).toBeNull();
      const declined = await newOrder();
      fake.approveOrder(declined.id, { declines: true });
      await expect(paypal.captureOrder(declined.id)).rejects.toBeInstanceOf(CardDeclinedError);
    });

    it('unknown to PayPal read as undefined', async () => {
      expect(await paypal.order('5O190127TN364715T')).toBeUndefined();
    });
  });

  describe('its plans, as the plans read them', () => {
    it('keeps no card on file and starts no plan from card fields: its plans are approved at PayPal', () => {
      expect(paypal.cards).toBeUndefined();
      expect(paypal.cardFieldPlans).toBeUndefined();
      expect(paypal.approvalPlans.name).toBe('paypal');
    });

    it('reads a subscription back: pending until approved, active with its next billing time, ended once cancelled', async () => {
      const { id } = await paypal.approvalPlans.createSubscription({
        userId: 'u-1',
        email: 'ada@example.com',
        name: 'Ada',
        trial: false,
        startAt: null,
      });
      expect(await paypal.approvalPlans.subscription(id)).toMatchObject({ id, status: 'pending', userId: 'u-1' });
      fake.approve(id);
      const active = await paypal.approvalPlans.subscription(id);
      expect(active).toMatchObject({ status: 'active', userId: 'u-1', trialEndsAt: null, charges: [] });
      expect(active?.periodEnd?.getTime()).toBeGreaterThan(Date.now());
      fake.setStatus(id, 'SUSPENDED');
      expect(await paypal.approvalPlans.subscription(id)).toMatchObject({ status: 'past_due' });
      fake.setStatus(id, 'CANCELLED');
      expect(await paypal.approvalPlans.subscription(id)).toMatchObject({ status: 'ended' });
    });
  });

  paymentAdapterContract(() => ({
    adapter: paypal,
    plans: paypal.approvalPlans,
    activeSubscription: () => approvedSubscription(),
    isEnded: async (id) => ['CANCELLED', 'EXPIRED'].includes(String(fake.subscriptions.get(id)?.status)),
    failNext: (count) => fake.failNext(count),
    unreachable: () => unreachable.approvalPlans,
  }));

  let unreachable: PaypalPayments;
  beforeAll(async () => {
    unreachable = new PaypalPayments(
      { ...fake.settings(), apiBase: `http://127.0.0.1:${await freePort()}` },
      APP_URL,
      LINK_SECRET,
      { timeoutMs: 2000 },
    );
  });
});
