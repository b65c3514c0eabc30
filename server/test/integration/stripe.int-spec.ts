import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PaymentPort } from '../../src/adapters/payments/payment.port.js';
import { StripePayments } from '../../src/adapters/payments/stripe.payments.js';
import { compressionJobs, payments, users, webhookEvents } from '../../src/db/schema/index.js';
import { SubscriptionService } from '../../src/features/plans/subscription.service.js';
import type { StripeFake } from '../fakes/stripe-fake.js';
import { newUser, useTestApp } from '../harness.js';
import { useStripeFake } from '../payment-stand-ins.js';
import { jobWaitingForPayment } from '../seeds.js';

describe('Stripe: checkout, SetupIntent and signed webhooks against a Stripe stand-in', () => {
  const stripe = useStripeFake('shrinkly_int');
  const t = useTestApp(() => ({ env: stripe.env }));
  let fake: StripeFake;
  let webhookUrl: string;
  beforeAll(() => {
    fake = stripe.fake;
    webhookUrl = `${t.baseUrl}/api/stripe/webhook`;
  });

  const db = () => t.running.database.db;

  /** The app's payment adapter, as the plans feature reaches it. */
  function stripePayments(): StripePayments {
    const port = t.running.app.get(PaymentPort);
    if (!(port instanceof StripePayments)) throw new Error('the app does not run Stripe');
    return port;
  }

  async function ledgerOf(jobId: string) {
    return db().select().from(payments).where(eq(payments.jobId, jobId));
  }

  /** The rows recording that a webhook event was taken in (one at most). */
  async function recordedEvents(event: Record<string, unknown>) {
    return db()
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, event.id as string));
  }

  /**
   * A signed-up user's trial at Stripe, started as the card step does it: a SetupIntent, the card confirmed by
   * Stripe.js, setup-trial with the payment method, and Stripe's customer.subscription.created event after it.
   */
  async function trialSubscription(): Promise<{ subscriptionId: string; userId: string; token: string }> {
    const { token, user } = await t.api.register(newUser());
    const res = await t.fetch('/api/stripe/setup-intent', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const { clientSecret } = (await res.json()) as { clientSecret: string };
    const paymentMethodId = fake.confirmSetupIntent(clientSecret, 'pm_card_visa');
    const started = await t.as(token).setupTrial({ paymentMethodId });
    expect(started).toMatchObject({ isTrialActive: true, subscriptionStatus: 'trial' });
    const subscriptionId = [...fake.subscriptions.keys()].at(-1) as string;
    const created = fake.event(
      'customer.subscription.created',
      fake.subscriptions.get(subscriptionId) as Record<string, unknown>,
    );
    expect((await fake.deliver(webhookUrl, created)).status).toBe(200);
    return { subscriptionId, userId: user.id, token };
  }

  async function planOf(token: string) {
    return t.as(token).subscription();
  }

  async function subscriptionPayments(userId: string) {
    return (await db().select().from(payments).where(eq(payments.userId, userId))).filter((p) => p.kind === 'subscription');
  }

  it('lets the card step load Stripe.js: its script, frames and API calls are in the Content-Security-Policy', async () => {
    for (const route of ['/', '/auth', '/api/health']) {
      const policy = (await t.fetch(route)).headers.get('content-security-policy')?.split(';');
      expect(policy, route).toEqual(
        expect.arrayContaining([
          "default-src 'self'",
          "script-src 'self' https://js.stripe.com",
          "frame-src 'self' https://js.stripe.com https://hooks.stripe.com",
          "connect-src 'self' https://api.stripe.com",
          "object-src 'none'",
        ]),
      );
    }
    // Stripe's own Stripe.js: no stand-in outside the browser tests.
    expect(await (await t.fetch('/api/stripe/js')).json()).toEqual({ url: null });
  });

  it('gives the card step a SetupIntent for a Stripe customer of the account', async () => {
    const { token, user } = await t.api.register(newUser());
    const res = await t.fetch('/api/stripe/setup-intent', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { clientSecret: string; publishableKey: string };
    expect(body).toEqual({
      clientSecret: expect.stringMatching(/^seti_\w+_secret_\w+$/),
      publishableKey: 'pk_test_shrinkly_int',
    });
    const customer = [...fake.customers.values()].find((c) => (c.metadata as { userId?: string }).userId === user.id);
    expect(customer).toMatchObject({ object: 'customer', email: user.email });
    expect((await t.fetch('/api/stripe/setup-intent', { method: 'POST' })).status).toBe(401);

    // Asking again gives the same customer; Stripe down (after the SDK's own retries) is a 502.
    await t.fetch('/api/stripe/setup-intent', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect([...fake.customers.values()].filter((c) => (c.metadata as { userId?: string }).userId === user.id)).toHaveLength(1);
    fake.failNext(3, 500, 'POST /v1/customers');
    const down = await t.fetch('/api/stripe/setup-intent', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(down.status).toBe(502);
    expect(await down.json()).toMatchObject({ message: 'The payment provider is unavailable, please try again shortly' });
  });

  it('starts a trial only with a payment method this account set up, and never takes a typed card', async () => {
    const owner = await t.api.register(newUser());
    const res = await t.fetch('/api/stripe/setup-intent', {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const paymentMethodId = fake.confirmSetupIntent(
      ((await res.json()) as { clientSecret: string }).clientSecret,
      'pm_card_visa',
    );
    const stranger = t.as((await t.api.register(newUser())).token);
    const refused = await stranger.setupTrial({ paymentMethodId }).then(
      () => undefined,
      (e: unknown) => e as { status: number },
    );
    expect(refused?.status).toBe(404);
    const typed = await stranger
      .setupTrial({ creditCard: { cardholderName: 'Ada', cardNumber: '4242 4242 4242 4242', expiryDate: '12/39', cvv: '123' } })
      .then(
        () => undefined,
        (e: unknown) => e as { status: number },
      );
    expect(typed?.status).toBe(400);
    expect(await stranger.me()).toMatchObject({ subscriptionStatus: 'none', isTrialActive: false });
  });

  it('subscribes to premium now with a new card through Stripe, and refuses a declined one without changing the plan', async () => {
    const paidBy = async (card: 'pm_card_visa' | 'pm_card_chargeDeclined') => {
      const { token } = await t.api.register(newUser());
      const res = await t.fetch('/api/stripe/setup-intent', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      const paymentMethodId = fake.confirmSetupIntent(((await res.json()) as { clientSecret: string }).clientSecret, card);
      const api = t.as(token);
      return {
        api,
        answer: await api.subscribe({ paymentMethodId }).then(
          (d) => d,
          (e: unknown) => e as { status: number },
        ),
      };
    };
    const ok = await paidBy('pm_card_visa');
    expect(ok.answer).toMatchObject({ status: 'active', plan: 'premium', provider: 'stripe', card: { last4: '4242' } });
    expect(await ok.api.me()).toMatchObject({ isSubscribed: true, isTrialActive: false });
    const declined = await paidBy('pm_card_chargeDeclined');
    expect(declined.answer).toMatchObject({ status: 402 });
    expect(await declined.api.me()).toMatchObject({ isSubscribed: false, subscriptionStatus: 'none' });
  });

  it('sends a file waiting for payment to Stripe Checkout; the signed completed session marks it paid once', async () => {
    const jobId = await jobWaitingForPayment(t);
    const job = (await (await t.fetch(`/api/compression-job/${jobId}`)).json()) as { status: string; paymentUrl: string };
    expect(job.status).toBe('payment_required');
    const session = [...fake.sessions.values()].find((s) => (s.metadata as { id?: string }).id === jobId);
    expect(session).toMatchObject({ amount_total: 100, currency: 'usd', metadata: { kind: 'compression', id: jobId } });
    expect(job.paymentUrl).toBe(session?.url);

    const paid = fake.completeSession(session?.id as string);
    const event = fake.event('checkout.session.completed', paid);
    const res = await fake.deliver(webhookUrl, event);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });

    const [row] = await db().select().from(compressionJobs).where(eq(compressionJobs.id, jobId));
    expect(row?.paidAt).toBeInstanceOf(Date);
    const ledger = await ledgerOf(jobId);
    expect(ledger).toEqual([
      expect.objectContaining({
        kind: 'compression',
        amount: 1,
        currency: 'USD',
        provider: 'stripe',
        providerReference: paid.payment_intent,
      }),
    ]);

    // Stripe delivers an event again when it is unsure we got it: nothing more is written.
    expect((await fake.deliver(webhookUrl, event)).status).toBe(200);
    expect(await ledgerOf(jobId)).toHaveLength(1);
    expect(await recordedEvents(event)).toHaveLength(1);
    const after = (await (await t.fetch(`/api/compression-job/${jobId}`)).json()) as { paymentUrl: string | null };
    expect(after.paymentUrl).toBeNull();
  });

  /** The Checkout Sessions asked of Stripe for one job (its id is the session's client_reference_id). */
  const sessionRequestsFor = (jobId: string) =>
    fake.calls('POST /v1/checkout/sessions').filter((r) => r.params.client_reference_id === jobId);

  it("asks Stripe for a job's Checkout Session once, however often the job is polled", async () => {
    const jobId = await jobWaitingForPayment(t);
    const seen = [];
    for (let i = 0; i < 5; i += 1)
      seen.push(((await (await t.fetch(`/api/compression-job/${jobId}`)).json()) as { paymentUrl: string }).paymentUrl);
    expect(sessionRequestsFor(jobId)).toHaveLength(1);
    const session = [...fake.sessions.values()].find((s) => (s.metadata as { id?: string }).id === jobId);
    expect(new Set(seen)).toEqual(new Set([session?.url]));
    const [row] = await db().select().from(compressionJobs).where(eq(compressionJobs.id, jobId));
    expect(row?.checkoutUrl).toBe(session?.url);
  });

  it('asks Stripe once when the first polls of a job arrive together', async () => {
    const jobId = await jobWaitingForPayment(t);
    const polls = await Promise.all(
      Array.from(
        { length: 4 },
        async () => ((await (await t.fetch(`/api/compression-job/${jobId}`)).json()) as { paymentUrl: string }).paymentUrl,
      ),
    );
    expect(sessionRequestsFor(jobId)).toHaveLength(1);
    expect(new Set(polls).size).toBe(1);
  });

  it('refuses a forged or tampered event with 400 and changes nothing', async () => {
    const jobId = await jobWaitingForPayment(t);
    await t.fetch(`/api/compression-job/${jobId}`);
    const session = [...fake.sessions.values()].find((s) => (s.metadata as { id?: string }).id === jobId);
    const event = fake.event('checkout.session.completed', fake.completeSession(session?.id as string));

    const forged = await fake.deliver(webhookUrl, event, 'whsec_someone_else');
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ message: 'Invalid Stripe-Signature' });
    const unsigned = await t.fetch('/api/stripe/webhook', { method: 'POST', json: event });
    expect(unsigned.status).toBe(400);

    const [row] = await db().select().from(compressionJobs).where(eq(compressionJobs.id, jobId));
    expect(row?.paidAt).toBeNull();
    expect(await ledgerOf(jobId)).toHaveLength(0);
    expect(await recordedEvents(event)).toHaveLength(0);
  });

  it('follows the plan at Stripe: trial, first charge, failed renewal, cancellation; each event once', async () => {
    const { subscriptionId, userId, token } = await trialSubscription();
    expect(await planOf(token)).toMatchObject({ status: 'trial', provider: 'stripe', trialEndDate: expect.any(String) });

    const { subscription, previous } = fake.endTrial(subscriptionId);
    const paidInvoice = fake.invoice(subscriptionId, 'paid');
    const activeNow = fake.event('customer.subscription.updated', subscription, previous);
    const paid = fake.event('invoice.paid', paidInvoice);
    for (const event of [activeNow, paid, paid]) expect((await fake.deliver(webhookUrl, event)).status).toBe(200);
    expect(await planOf(token)).toMatchObject({ status: 'active', provider: 'stripe' });
    expect(await subscriptionPayments(userId)).toEqual([
      expect.objectContaining({
        amount: 3.99,
        currency: 'USD',
        provider: 'stripe',
        providerReference: paidInvoice.id,
        status: 'succeeded',
      }),
    ]);

    const failed = fake.event('invoice.payment_failed', fake.invoice(subscriptionId, 'failed'));
    expect((await fake.deliver(webhookUrl, failed)).status).toBe(200);
    expect(await planOf(token)).toMatchObject({ status: 'past_due' });

    await stripePayments().cardFieldPlans.cancelSubscription(subscriptionId);
    const deleted = fake.event(
      'customer.subscription.deleted',
      fake.subscriptions.get(subscriptionId) as Record<string, unknown>,
    );
    expect((await fake.deliver(webhookUrl, deleted)).status).toBe(200);
    expect(await planOf(token)).toMatchObject({ status: 'canceled' });
    expect(await subscriptionPayments(userId)).toHaveLength(1);
  });

  it("acknowledges events it does not use, and the trial's $0 invoice, without acting", async () => {
    const { subscriptionId, userId, token } = await trialSubscription();
    const trialInvoice = fake.invoices.get(String(fake.subscriptions.get(subscriptionId)?.latest_invoice)) as Record<
      string,
      unknown
    >;
    expect(trialInvoice).toMatchObject({ amount_paid: 0, billing_reason: 'subscription_create' });
    for (const event of [
      fake.event('invoice.paid', trialInvoice),
      fake.event('customer.created', { id: 'cus_x', object: 'customer' }),
    ]) {
      expect((await fake.deliver(webhookUrl, event)).status).toBe(200);
    }
    expect(await planOf(token)).toMatchObject({ status: 'trial' });
    expect(await subscriptionPayments(userId)).toEqual([]);
  });

  /** A signed-up account with a card saved through Stripe.js, as the card step leaves it. */
  async function withCard(card: 'pm_card_visa' | 'pm_card_chargeDeclined' = 'pm_card_visa') {
    const { token, user } = await t.api.register(newUser());
    const res = await t.fetch('/api/stripe/setup-intent', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const paymentMethodId = fake.confirmSetupIntent(((await res.json()) as { clientSecret: string }).clientSecret, card);
    return { api: t.as(token), userId: user.id, token, paymentMethodId };
  }

  /** Another card saved through Stripe.js for the same account. */
  async function withCardFor(userId: string): Promise<string> {
    const [row] = await db().select().from(users).where(eq(users.id, userId));
    const { clientSecret } = await stripePayments().cardFieldPlans.setupCard(row as { id: string; email: string; name: string });
    return fake.confirmSetupIntent(clientSecret, 'pm_card_mastercard');
  }

  const failure = (call: Promise<unknown>) =>
    call.then(
      () => undefined,
      (e: unknown) => e as { status: number },
    );

  const subscriptionsOf = (userId: string) =>
    [...fake.subscriptions.values()].filter((sub) => (sub.metadata as { userId?: string }).userId === userId);
  const live = (userId: string) => subscriptionsOf(userId).filter((sub) => sub.status !== 'canceled');

  it('never charges a Stripe customer itself: reactivating after a cancel makes a new subscription that bills from the period end', async () => {
    const { api, userId, paymentMethodId } = await withCard();
    const first = await api.subscribe({ paymentMethodId });
    const intents = fake.calls('POST /v1/payment_intents').length;
    await api.cancelSubscription();
    expect(live(userId)).toEqual([]);
    // The "Reactivate Subscription" button, while the paid month runs.
    expect(await api.reactivateSubscription()).toMatchObject({ status: 'active', plan: 'premium', provider: 'stripe' });
    const [resumed] = live(userId);
    expect(resumed).toMatchObject({ status: 'trialing', trial_end: Math.floor(Date.parse(first.nextBillingDate ?? '') / 1000) });
    expect(fake.calls('POST /v1/payment_intents')).toHaveLength(intents);
    expect(await subscriptionPayments(userId)).toHaveLength(1);
    // Cancelled again: that subscription ends at Stripe too, and access still runs to the paid period's end.
    await api.cancelSubscription();
    expect(live(userId)).toEqual([]);
    expect(await api.me()).toMatchObject({ isSubscribed: true, subscriptionStatus: 'canceled' });
    expect(await subscriptionPayments(userId)).toHaveLength(1);
  });

  it('a subscribe again with the same card after a cancel is a new subscription, charged, not a replay of the old one', async () => {
    const { api, userId, paymentMethodId } = await withCard();
    await api.subscribe({ paymentMethodId });
    await api.cancelSubscription();
    // Access ran out; the "Pay $3.99 with Visa ending in …" button, or the same card again.
    await db()
      .update(users)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(users.id, userId));
    expect(await api.subscribe({ paymentMethodId })).toMatchObject({ status: 'active', plan: 'premium' });
    expect(subscriptionsOf(userId)).toHaveLength(2);
    expect(live(userId)).toHaveLength(1);
    const paidInvoices = fake
      .paidInvoices()
      .filter((i) =>
        subscriptionsOf(userId).some(
          (sub) => sub.id === (i.parent as { subscription_details: { subscription: string } }).subscription_details.subscription,
        ),
      );
    expect(paidInvoices).toHaveLength(2);
    expect((await subscriptionPayments(userId)).map((p) => p.providerReference).sort()).toEqual(
      paidInvoices.map((i) => i.id).sort(),
    );
    // And with the card on file only.
    await api.cancelSubscription();
    await db()
      .update(users)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(users.id, userId));
    expect(await api.subscribe({})).toMatchObject({ status: 'active' });
    expect(live(userId)).toHaveLength(1);
    expect(await subscriptionPayments(userId)).toHaveLength(3);
  });

  it('a late customer.subscription.created after its deleted event changes nothing: the plan stays canceled', async () => {
    const { subscriptionId, token } = await trialSubscription();
    const created = fake.event(
      'customer.subscription.created',
      fake.subscriptions.get(subscriptionId) as Record<string, unknown>,
    );
    await t.as(token).cancelSubscription();
    const deleted = fake.event(
      'customer.subscription.deleted',
      fake.subscriptions.get(subscriptionId) as Record<string, unknown>,
    );
    for (const event of [deleted, created]) expect((await fake.deliver(webhookUrl, event)).status).toBe(200);
    // A canceled trial: its days still run, nothing bills.
    expect(await planOf(token)).toMatchObject({ status: 'canceled', plan: 'trial', nextBillingDate: null });
    const [row] = await db().select().from(users).where(eq(users.providerSubscriptionId, subscriptionId));
    expect(row).toBeUndefined();
  });

  it('upgrading during a Stripe trial ends the trial subscription first: one live subscription', async () => {
    const { subscriptionId, userId, token } = await trialSubscription();
    expect(await t.as(token).subscribe({})).toMatchObject({ status: 'active', plan: 'premium' });
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect(live(userId)).toHaveLength(1);
    // Events of the ended trial subscription arriving now change nothing.
    const late = fake.event('customer.subscription.updated', fake.subscriptions.get(subscriptionId) as Record<string, unknown>, {
      status: 'trialing',
    });
    expect((await fake.deliver(webhookUrl, late)).status).toBe(200);
    expect(await planOf(token)).toMatchObject({ status: 'active', provider: 'stripe' });
  });

  it('reads a plan back when its period ended with no word from Stripe: ended there, it is canceled and keeps what was paid', async () => {
    const { api, userId, paymentMethodId } = await withCard();
    await api.subscribe({ paymentMethodId });
    const [subscription] = live(userId);
    // Stripe ended it on its own (a webhook that never came), and the period is over.
    Object.assign(subscription ?? {}, { status: 'canceled' });
    await db()
      .update(users)
      .set({ nextChargeAt: new Date(Date.now() - 1000), currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(users.id, userId));
    await t.running.app.get(SubscriptionService).tick();
    const [row] = await db().select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({
      subscriptionStatus: 'canceled',
      billingProvider: null,
      providerSubscriptionId: null,
      nextChargeAt: null,
    });
    // Its one paid month, as Stripe has it, still runs; nothing renews it.
    const invoice = fake.invoices.get(String(subscription?.latest_invoice)) as {
      lines: { data: Array<{ period: { end: number } }> };
    };
    expect(row?.currentPeriodEnd?.getTime()).toBe((invoice.lines.data[0]?.period.end ?? 0) * 1000);
    expect(await api.subscription()).toMatchObject({ status: 'canceled', plan: 'premium', nextBillingDate: null });
  });

  it('a second subscribe while the first waits on Stripe is refused, and only one subscription is made and paid', async () => {
    const { api, userId, paymentMethodId } = await withCard();
    const second = await withCardFor(userId);
    fake.latencyMs = 150;
    try {
      const first = api.subscribe({ paymentMethodId });
      await new Promise((resolve) => setTimeout(resolve, 250));
      const outcomes = await Promise.allSettled([
        first,
        api.subscribe({ paymentMethodId: second }),
        api.reactivateSubscription(),
      ]);
      expect(outcomes[0]).toMatchObject({ status: 'fulfilled' });
      for (const later of outcomes.slice(1)) expect((later as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    } finally {
      fake.latencyMs = 0;
    }
    expect(subscriptionsOf(userId)).toHaveLength(1);
    expect(await subscriptionPayments(userId)).toHaveLength(1);
  });

  it('a subscription Stripe made but could not be read back is still recorded and linked, never made twice', async () => {
    const { api, userId, paymentMethodId } = await withCard();
    fake.failNext(3, 500, 'GET /v1/subscriptions/*');
    expect(await api.subscribe({ paymentMethodId })).toMatchObject({ status: 'active' });
    const [made] = subscriptionsOf(userId);
    const [row] = await db().select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ billingProvider: 'stripe', providerSubscriptionId: made?.id });
    expect((await failure(api.subscribe({})))?.status).toBe(409);
    expect(subscriptionsOf(userId)).toHaveLength(1);
    // Its charge reaches the ledger when Stripe's invoice.paid arrives (or the plan is next read back).
    const invoice = fake.invoices.get(String(made?.latest_invoice)) as Record<string, unknown>;
    expect((await fake.deliver(webhookUrl, fake.event('invoice.paid', invoice))).status).toBe(200);
    expect(await subscriptionPayments(userId)).toHaveLength(1);
    expect(await api.me()).toMatchObject({ isSubscribed: true });
  });
});
