import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StripeFake } from '../../../test/fakes/stripe-fake.js';
import { paymentAdapterContract } from '../../../test/payment-adapter.contract.js';
import type { StripeConfig } from '../../config/app.config.js';
import { CardDeclinedError, ProviderUnavailableError } from './payment.port.js';
import { createStripeClient, StripePayments } from './stripe.payments.js';

const keys = {
  secretKey: 'sk_test_shrinkly',
  publishableKey: 'pk_test_shrinkly',
  webhookSecret: 'whsec_test_shrinkly',
  priceId: 'price_premium',
};

describe('StripePayments against a Stripe stand-in', () => {
  let fake: StripeFake;
  let config: StripeConfig;
  let payments: StripePayments;

  beforeAll(async () => {
    fake = await new StripeFake({
      secretKey: keys.secretKey,
      webhookSecret: keys.webhookSecret,
      prices: { price_premium: { unitAmount: 399, currency: 'usd' } },
    }).start();
    config = { ...keys, apiBase: fake.baseUrl };
    payments = new StripePayments(createStripeClient(config, { maxNetworkRetries: 0 }), config, 'https://shrinkly.test');
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  /** A customer with a card saved through a SetupIntent, as the card step leaves it. */
  async function customerWithCard(testCard: 'pm_card_visa' | 'pm_card_chargeDeclined' = 'pm_card_visa') {
    const userId = crypto.randomUUID();
    const setup = await payments.cardFieldPlans.setupCard({ id: userId, email: 'ada@example.com', name: 'Ada' });
    const paymentMethodId = fake.confirmSetupIntent(setup.clientSecret, testCard);
    return { userId, customerId: setup.customerId, paymentMethodId, setup };
  }

  let attempts = 0;
  /** A subscription started as the plans start one: a new attempt each call. */
  function start(
    customer: { userId: string; customerId: string; paymentMethodId: string | null },
    kind: { trial?: boolean; deferUntil?: Date } = {},
  ) {
    attempts += 1;
    return payments.cardFieldPlans.startSubscription({
      customerId: customer.customerId,
      paymentMethodId: customer.paymentMethodId,
      userId: customer.userId,
      trial: kind.trial ?? false,
      deferUntil: kind.deferUntil ?? null,
      attempt: `test-${attempts}`,
    });
  }

  it('opens a Checkout Session of the amount, back to our pages, with the purchase in its metadata', async () => {
    const id = crypto.randomUUID();
    const url = await payments.checkout.checkoutUrl({
      purchase: { kind: 'compression', id },
      amount: 1,
      currency: 'USD',
      description: 'Compression of film.mov',
    });
    const [request] = fake.calls('POST /v1/checkout/sessions');
    expect(request?.headers.authorization).toBe(`Bearer ${keys.secretKey}`);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.headers['idempotency-key']).toBe(`shrinkly-checkout-compression-${id}-100`);
    // Bracket notation, as Stripe reads it.
    expect(request?.body).toContain('line_items[0][price_data][unit_amount]=100');
    expect(request?.params).toMatchObject({
      mode: 'payment',
      client_reference_id: id,
      metadata: { kind: 'compression', id },
      line_items: [
        { quantity: '1', price_data: { currency: 'usd', unit_amount: '100', product_data: { name: 'Compression of film.mov' } } },
      ],
      success_url: `https://shrinkly.test/payment-success/compression?jobId=${id}&paymentId={CHECKOUT_SESSION_ID}`,
      cancel_url: `https://shrinkly.test/payment-error?error=payment_cancelled&jobId=${id}`,
    });
    const session = [...fake.sessions.values()].at(-1);
    expect(url).toBe(session?.url);
    // Looking at the job again answers the same session.
    expect(
      await payments.checkout.checkoutUrl({
        purchase: { kind: 'compression', id },
        amount: 1,
        currency: 'USD',
        description: 'Compression of film.mov',
      }),
    ).toBe(url);
    expect(fake.sessions.size).toBe(1);
  });

  it("reports Stripe's outages and a wrong key as ProviderUnavailableError", async () => {
    const customer = await customerWithCard();
    fake.failNext(1, 500);
    await expect(start(customer)).rejects.toBeInstanceOf(ProviderUnavailableError);

    const wrongKey = new StripePayments(
      createStripeClient({ ...config, secretKey: 'sk_test_wrong' }, { maxNetworkRetries: 0 }),
      config,
      'https://shrinkly.test',
    );
    await expect(wrongKey.cardFieldPlans.cancelSubscription('sub_x')).rejects.toThrow(/\(401\): Invalid API Key/);
  });

  it('retries a 5xx on its own, under the same Idempotency-Key', async () => {
    const retrying = new StripePayments(createStripeClient(config, { maxNetworkRetries: 1 }), config, 'https://shrinkly.test');
    const customer = await customerWithCard();
    fake.requests.length = 0;
    fake.failNext(1, 503, 'POST /v1/subscriptions');
    await retrying.cardFieldPlans.startSubscription({ ...customer, trial: false, deferUntil: null, attempt: 'retry-1' });
    const keys = fake.calls('POST /v1/subscriptions').map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('starts premium now, charged at once, and reads the subscription back with its paid invoice', async () => {
    const customer = await customerWithCard();
    const premium = await start(customer);
    expect(premium).toMatchObject({
      status: 'active',
      userId: customer.userId,
      card: { token: customer.customerId, brand: 'visa', last4: '4242' },
    });
    expect(premium.charges).toEqual([
      { reference: expect.stringMatching(/^in_/), amount: 3.99, currency: 'USD', periodEnd: premium.periodEnd },
    ]);
    expect(fake.calls('POST /v1/subscriptions')[0]?.params).toMatchObject({
      payment_behavior: 'error_if_incomplete',
      metadata: { userId: customer.userId },
    });
  });

  it('a new attempt is a new subscription, the same attempt retried is the same one', async () => {
    const customer = await customerWithCard();
    const request = { ...customer, trial: false, deferUntil: null, attempt: 'same-attempt' };
    const first = await payments.cardFieldPlans.startSubscription(request);
    expect((await payments.cardFieldPlans.startSubscription(request)).id).toBe(first.id);
    expect((await payments.cardFieldPlans.startSubscription({ ...request, attempt: 'next-attempt' })).id).not.toBe(first.id);
  });

  it('refuses a declined card with CardDeclinedError, leaving nothing billing', async () => {
    const customer = await customerWithCard('pm_card_chargeDeclined');
    const premium = start(customer);
    await expect(premium).rejects.toBeInstanceOf(CardDeclinedError);
    expect([...fake.subscriptions.values()].filter((sub) => sub.customer === customer.customerId)).toEqual([]);
  });

  it("resumes a plan on the customer's default card with nothing charged until the given day", async () => {
    const customer = await customerWithCard();
    await start(customer, { trial: true });
    const until = new Date(Date.now() + 10 * 86_400_000);
    const resumed = await start({ ...customer, paymentMethodId: null }, { deferUntil: until });
    expect(resumed).toMatchObject({ status: 'trialing', charges: [] });
    expect(resumed.trialEndsAt?.getTime()).toBe(Math.floor(until.getTime() / 1000) * 1000);
    expect(fake.calls('POST /v1/subscriptions').at(-1)?.params).toMatchObject({
      trial_end: String(Math.floor(until.getTime() / 1000)),
      default_payment_method: customer.paymentMethodId,
    });
  });

  it('starts a 7-day trial on the price with the saved card as default, for the account that saved it', async () => {
    const { userId, customerId, paymentMethodId, setup } = await customerWithCard();
    expect(setup.publishableKey).toBe(keys.publishableKey);
    expect(setup.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    expect(fake.customers.get(customerId)).toMatchObject({ metadata: { userId } });

    expect(await payments.cardFieldPlans.customerOf(paymentMethodId, userId)).toBe(customerId);
    expect(await payments.cardFieldPlans.customerOf(paymentMethodId, crypto.randomUUID())).toBeUndefined();
    expect(await payments.cardFieldPlans.customerOf('pm_unknown', userId)).toBeUndefined();

    const trial = await start({ userId, customerId, paymentMethodId }, { trial: true });
    expect(trial).toMatchObject({
      status: 'trialing',
      userId,
      charges: [],
      card: { token: customerId, brand: 'visa', last4: '4242' },
    });
    const days = ((trial.trialEndsAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect(fake.calls('POST /v1/subscriptions')[0]?.params).toMatchObject({
      customer: customerId,
      items: [{ price: 'price_premium' }],
      trial_period_days: '7',
      default_payment_method: paymentMethodId,
      metadata: { userId },
    });
    expect(fake.customers.get(customerId)).toMatchObject({ invoice_settings: { default_payment_method: paymentMethodId } });
  });

  it("never takes a card number nor charges a card itself: cards go to Stripe.js, charges are Stripe's", () => {
    expect(payments.cards).toBeUndefined();
    expect(payments.approvalPlans).toBeUndefined();
  });

  it('accepts only webhooks signed with the webhook secret', async () => {
    const event = fake.event('customer.subscription.deleted', { id: 'sub_1', object: 'subscription' });
    const payload = Buffer.from(JSON.stringify(event));
    const { default: Stripe } = await import('stripe');
    const good = Stripe.webhooks.generateTestHeaderString({ payload: payload.toString(), secret: keys.webhookSecret });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: payload.toString(), secret: 'whsec_other' });
    expect(payments.webhooks.verify(payload, good)?.id).toBe(event.id);
    expect(payments.webhooks.verify(payload, forged)).toBeUndefined();
    expect(payments.webhooks.verify(Buffer.from(payload.toString().replace('sub_1', 'sub_2')), good)).toBeUndefined();
    expect(payments.webhooks.verify(payload, undefined)).toBeUndefined();
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: payload.toString(),
      secret: keys.webhookSecret,
      timestamp: Date.now() / 1000 - 600,
    });
    expect(payments.webhooks.verify(payload, stale)).toBeUndefined();
  });

  paymentAdapterContract(() => ({
    adapter: payments,
    plans: payments.cardFieldPlans,
    activeSubscription: async () => (await start(await customerWithCard(), { trial: true })).id,
    isEnded: async (id) => fake.subscriptions.get(id)?.status === 'canceled',
    failNext: (count) => fake.failNext(count, 500),
    unreachable: () =>
      new StripePayments(
        createStripeClient({ ...config, apiBase: 'http://127.0.0.1:9' }, { maxNetworkRetries: 0 }),
        config,
        'https://shrinkly.test',
      ).cardFieldPlans,
  }));
});
