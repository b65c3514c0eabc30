import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StripeFake } from '../../../test/fakes/stripe-fake.js';
import { paymentAdapterContract } from '../../../test/payment-adapter.contract.js';
import type { StripeConfig } from '../../config/app.config.js';
import { CardDeclinedError, ProviderUnavailableError } from './payment.port.js';
import { createStripeClient, StripePayments } from './stripe.payments.js';

const keys = { secretKey: 'sk_test_shrinkly', publishableKey: 'pk_test_shrinkly', webhookSecret: 'whsec_test_shrinkly', priceId: 'price_premium' };

describe('StripePayments against a Stripe stand-in', () => {
  let fake: StripeFake;
  let config: StripeConfig;
  let payments: StripePayments;

  beforeAll(async () => {
    fake = await new StripeFake({ secretKey: keys.secretKey, webhookSecret: keys.webhookSecret, prices: { price_premium: { unitAmount: 399, currency: 'usd' } } }).start();
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
    const setup = await payments.subscriptions.createSetupIntent({ id: userId, email: 'ada@example.com', name: 'Ada' });
    const paymentMethodId = fake.confirmSetupIntent(setup.clientSecret, testCard);
    return { userId, customerId: setup.customerId, paymentMethodId, setup };
  }

  it('opens a Checkout Session of the amount, back to our pages, with the purchase in its metadata', async () => {
    const id = crypto.randomUUID();
    const url = await payments.checkoutUrl({ purchase: { kind: 'compression', id }, amount: 1, currency: 'USD', description: 'Compression of film.mov' });
    const [request] = fake.calls('POST /v1/checkout/sessions');
    expect(request?.headers.authorization).toBe(`Bearer ${keys.secretKey}`);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.headers['idempotency-key']).toBe(`shrinkly-checkout-compression-${id}-100`);
    // Bracket notation, as Stripe reads it.
    expect(request?.body).toContain('line_items[0][price_data][unit_amount]=100');
    expect(request?.params).toMatchObject({
      mode: 'payment', client_reference_id: id, metadata: { kind: 'compression', id },
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '100', product_data: { name: 'Compression of film.mov' } } }],
      success_url: `https://shrinkly.test/payment-success/compression?jobId=${id}&paymentId={CHECKOUT_SESSION_ID}`,
      cancel_url: `https://shrinkly.test/payment-error?error=payment_cancelled&jobId=${id}`,
    });
    const session = [...fake.sessions.values()].at(-1);
    expect(url).toBe(session?.url);
    // Looking at the job again answers the same session.
    expect(await payments.checkoutUrl({ purchase: { kind: 'compression', id }, amount: 1, currency: 'USD', description: 'Compression of film.mov' })).toBe(url);
    expect(fake.sessions.size).toBe(1);
  });

  it('charges the customer\'s default card off-session', async () => {
    const { customerId, paymentMethodId } = await customerWithCard();
    await payments.subscriptions.startTrialSubscription(customerId, paymentMethodId);
    const { reference } = await payments.charge({ cardToken: customerId, amount: 3.99, currency: 'USD', description: 'Premium', idempotencyKey: `renewal-${customerId}-1` });
    const intent = fake.paymentIntents.get(reference);
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 399, currency: 'usd', customer: customerId, payment_method: paymentMethodId });
    expect(fake.calls('POST /v1/payment_intents')[0]?.params).toMatchObject({ off_session: 'true', confirm: 'true' });
  });

  it('turns Stripe\'s 402 card_declined into CardDeclinedError', async () => {
    const { customerId, paymentMethodId } = await customerWithCard('pm_card_chargeDeclined');
    await payments.subscriptions.startTrialSubscription(customerId, paymentMethodId);
    const charge = payments.charge({ cardToken: customerId, amount: 3.99, currency: 'USD', description: 'Premium', idempotencyKey: `renewal-${customerId}-1` });
    await expect(charge).rejects.toBeInstanceOf(CardDeclinedError);
    await expect(charge).rejects.toThrow('Your card was declined.');
  });

  it('charges once when a charge is retried with the same idempotency key', async () => {
    const { customerId, paymentMethodId } = await customerWithCard();
    await payments.subscriptions.startTrialSubscription(customerId, paymentMethodId);
    const request = { cardToken: customerId, amount: 3.99, currency: 'USD', description: 'Premium', idempotencyKey: `renewal-${customerId}-2` };
    const first = await payments.charge(request);
    const again = await payments.charge(request);
    expect(again.reference).toBe(first.reference);
    expect([...fake.paymentIntents.values()].filter((pi) => pi.customer === customerId)).toHaveLength(1);
    const next = await payments.charge({ ...request, idempotencyKey: `renewal-${customerId}-3` });
    expect(next.reference).not.toBe(first.reference);
  });

  it('reports Stripe\'s outages and a wrong key as ProviderUnavailableError', async () => {
    const { customerId } = await customerWithCard();
    fake.failNext(1, 500);
    const charge = payments.charge({ cardToken: customerId, amount: 1, currency: 'USD', description: 'x', idempotencyKey: 'outage-1' });
    await expect(charge).rejects.toBeInstanceOf(ProviderUnavailableError);

    const wrongKey = new StripePayments(createStripeClient({ ...config, secretKey: 'sk_test_wrong' }, { maxNetworkRetries: 0 }), config, 'https://shrinkly.test');
    await expect(wrongKey.cancelSubscription('sub_x')).rejects.toThrow(/\(401\): Invalid API Key/);

    const unreachable = new StripePayments(createStripeClient({ ...config, apiBase: 'http://127.0.0.1:9' }, { maxNetworkRetries: 0 }), config, 'https://shrinkly.test');
    await expect(unreachable.charge({ cardToken: customerId, amount: 1, currency: 'USD', description: 'x', idempotencyKey: 'down-1' })).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('retries a 5xx on its own, under the same Idempotency-Key', async () => {
    const retrying = new StripePayments(createStripeClient(config, { maxNetworkRetries: 1 }), config, 'https://shrinkly.test');
    const { customerId, paymentMethodId } = await customerWithCard();
    await payments.subscriptions.startTrialSubscription(customerId, paymentMethodId);
    fake.requests.length = 0;
    fake.failNext(1, 503, 'POST /v1/payment_intents');
    await retrying.charge({ cardToken: customerId, amount: 2, currency: 'USD', description: 'x', idempotencyKey: 'retry-1' });
    expect(fake.calls('POST /v1/payment_intents').map((r) => r.headers['idempotency-key'])).toEqual(['retry-1', 'retry-1']);
  });

  it('starts a 7-day trial on the price with the saved card as default, for the account that saved it', async () => {
    const { userId, customerId, paymentMethodId, setup } = await customerWithCard();
    expect(setup.publishableKey).toBe(keys.publishableKey);
    expect(setup.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    expect(fake.customers.get(customerId)).toMatchObject({ metadata: { userId } });

    expect(await payments.subscriptions.customerOf(paymentMethodId, userId)).toBe(customerId);
    expect(await payments.subscriptions.customerOf(paymentMethodId, crypto.randomUUID())).toBeUndefined();
    expect(await payments.subscriptions.customerOf('pm_unknown', userId)).toBeUndefined();

    const trial = await payments.subscriptions.startTrialSubscription(customerId, paymentMethodId);
    expect(trial).toMatchObject({ status: 'trialing', customerId, card: { token: customerId, brand: 'visa', last4: '4242' } });
    const days = ((trial.trialEndsAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect(fake.calls('POST /v1/subscriptions')[0]?.params).toMatchObject({
      customer: customerId, items: [{ price: 'price_premium' }], trial_period_days: '7', default_payment_method: paymentMethodId, metadata: { userId },
    });
    expect(fake.customers.get(customerId)).toMatchObject({ invoice_settings: { default_payment_method: paymentMethodId } });
  });

  it('cancels a subscription, and a second cancel is fine', async () => {
    const { customerId, paymentMethodId } = await customerWithCard();
    const { subscriptionId } = await payments.subscriptions.startTrialSubscription(customerId, paymentMethodId);
    await payments.cancelSubscription(subscriptionId);
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    await payments.cancelSubscription(subscriptionId);
    expect(fake.calls(`DELETE /v1/subscriptions/${subscriptionId}`)).toHaveLength(2);
  });

  it('never takes a card number: cards go to Stripe.js', async () => {
    await expect(payments.saveCard({ number: '4242424242424242', expMonth: 1, expYear: 2040, cvv: '123', holder: 'Ada' })).rejects.toThrow('Please enter your card in the secure Stripe form');
    expect(fake.requests).toHaveLength(0);
  });

  it('accepts only webhooks signed with the webhook secret', async () => {
    const event = fake.event('customer.subscription.deleted', { id: 'sub_1', object: 'subscription' });
    const payload = Buffer.from(JSON.stringify(event));
    const { default: Stripe } = await import('stripe');
    const good = Stripe.webhooks.generateTestHeaderString({ payload: payload.toString(), secret: keys.webhookSecret });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: payload.toString(), secret: 'whsec_other' });
    expect(payments.verifyWebhook(payload, good)?.id).toBe(event.id);
    expect(payments.verifyWebhook(payload, forged)).toBeUndefined();
    expect(payments.verifyWebhook(Buffer.from(payload.toString().replace('sub_1', 'sub_2')), good)).toBeUndefined();
    expect(payments.verifyWebhook(payload, undefined)).toBeUndefined();
    const stale = Stripe.webhooks.generateTestHeaderString({ payload: payload.toString(), secret: keys.webhookSecret, timestamp: Date.now() / 1000 - 600 });
    expect(payments.verifyWebhook(payload, stale)).toBeUndefined();
  });

  paymentAdapterContract(() => ({
    adapter: payments,
    activeSubscription: async () => {
      const { customerId, paymentMethodId } = await customerWithCard();
      return (await payments.subscriptions.startTrialSubscription(customerId, paymentMethodId)).subscriptionId;
    },
    isEnded: async (id) => fake.subscriptions.get(id)?.status === 'canceled',
    failNext: (count) => fake.failNext(count, 500),
    unreachable: () => new StripePayments(createStripeClient({ ...config, apiBase: 'http://127.0.0.1:9' }, { maxNetworkRetries: 0 }), config, 'https://shrinkly.test'),
    declinedCharge: async () => {
      const { customerId, paymentMethodId } = await customerWithCard('pm_card_chargeDeclined');
      await payments.subscriptions.startTrialSubscription(customerId, paymentMethodId);
      return payments.charge({ cardToken: customerId, amount: 3.99, currency: 'USD', description: 'Premium', idempotencyKey: `contract-${customerId}` });
    },
  }));
});
