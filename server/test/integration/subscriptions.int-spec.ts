import { ApiError, ErrorMessages, SUBSCRIPTION_PRICE_USD } from '@shrinkly/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PaymentPort } from '../../src/adapters/payments/payment.port.js';
import type { SandboxPayments } from '../../src/adapters/payments/sandbox.payments.js';
import { addMonths } from '../../src/common/billing-calendar.js';
import { payments, sandboxSubscriptions, users } from '../../src/db/schema/index.js';
import { SubscriptionService } from '../../src/features/plans/subscription.service.js';
import { capturingLogger, newUser, TEST_CARD, TestClock, useTestApp } from '../harness.js';

const DAY = 24 * 60 * 60 * 1000;
/** Saved without trouble, declined at every charge. */
const FAILING_CARD = { ...TEST_CARD, cardNumber: '4000 0000 0000 0341' };
const DECLINED_CARD = { ...TEST_CARD, cardNumber: '4000 0000 0000 0002' };

describe('trial, subscription, renewals, cancel and reactivate', () => {
  const clock = new TestClock();
  const log = capturingLogger('debug');
  let sandbox: SandboxPayments;

  const t = useTestApp({ clock, logger: log.logger });
  beforeAll(async () => {
    sandbox = t.running.app.get(PaymentPort) as SandboxPayments;
  });

  const signUp = async () => {
    const { token, user } = await t.api.register(newUser());
    return { id: user.id, api: t.as(token), email: user.email };
  };
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => undefined,
      (e: unknown) => e as ApiError,
    );
  const tick = () => t.running.app.get(SubscriptionService).tick();
  const ledgerOf = async (userId: string) =>
    (await t.running.database.db.select().from(payments))
      .filter((p) => p.userId === userId)
      .map((p) => ({ kind: p.kind, status: p.status, amount: p.amount, provider: p.provider }));
  const later = (days: number) => {
    clock.offsetMs += days * DAY;
  };

  it('charges $3.99 once when the trial ends, then renews a month later', async () => {
    const { id, api } = await signUp();
    const started = await api.setupTrial({ creditCard: TEST_CARD });
    expect(started).toMatchObject({ isTrialActive: true, subscriptionStatus: 'trial' });
    const trialEnd = new Date(started.trialEndDate as string);
    expect(await api.subscription()).toMatchObject({
      plan: 'trial',
      status: 'trial',
      nextBillingDate: trialEnd.toISOString(),
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2039 },
      canCancel: true,
    });

    later(6);
    await tick();
    expect(await ledgerOf(id)).toEqual([]);
    later(1);
    await Promise.all([tick(), tick()]);
    await tick();
    expect(await ledgerOf(id)).toEqual([
      { kind: 'subscription', status: 'succeeded', amount: SUBSCRIPTION_PRICE_USD, provider: 'sandbox' },
    ]);
    expect(await api.me()).toMatchObject({ isSubscribed: true, isTrialActive: false, subscriptionStatus: 'active' });
    expect((await api.subscription()).nextBillingDate).toBe(addMonths(trialEnd, 1).toISOString());

    later(31);
    await tick();
    expect(await ledgerOf(id)).toHaveLength(2);
    const mails = (await t.outbox()).filter((m) => m.includes('Premium') || m.includes('trial'));
    expect(mails.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a declined card with the message and starts no trial', async () => {
    const { api } = await signUp();
    const err = await failure(api.setupTrial({ creditCard: DECLINED_CARD }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 402, serverMessage: ErrorMessages.cardDeclined });
    expect(await api.me()).toMatchObject({ isTrialActive: false, subscriptionStatus: 'none' });
  });

  it('never charges a trial canceled before its end; it runs out at the trial end', async () => {
    const { id, api } = await signUp();
    await api.setupTrial({ creditCard: TEST_CARD });
    later(2);
    expect(await api.cancelSubscription()).toMatchObject({
      status: 'canceled',
      plan: 'trial',
      nextBillingDate: null,
      canReactivate: true,
    });
    expect(await api.me()).toMatchObject({ isTrialActive: true, subscriptionStatus: 'canceled' });
    later(10);
    await tick();
    expect(await ledgerOf(id)).toEqual([]);
    // Canceled without access: still canceled, free, and it can be reactivated.
    expect(await api.me()).toMatchObject({ isTrialActive: false, isSubscribed: false, subscriptionStatus: 'canceled' });
    expect(await api.subscription()).toMatchObject({ status: 'canceled', plan: 'free', canReactivate: true, canCancel: false });
  });

  it('a canceled premium plan keeps access to the period end, can be reactivated without a charge, and lapses when not', async () => {
    const { id, api } = await signUp();
    await api.subscribe({ creditCard: TEST_CARD });
    expect(await ledgerOf(id)).toHaveLength(1);
    later(10);
    const canceled = await api.cancelSubscription();
    expect(canceled).toMatchObject({ status: 'canceled', plan: 'premium', nextBillingDate: null });
    expect((await api.me()).isSubscribed).toBe(true);
    const back = await api.reactivateSubscription();
    expect(back).toMatchObject({ status: 'active', plan: 'premium' });
    expect(back.nextBillingDate).toBe(canceled.accessEndsAt);
    expect(await ledgerOf(id)).toHaveLength(1);
    await api.cancelSubscription();
    later(25);
    await tick();
    expect(await api.me()).toMatchObject({ isSubscribed: false, subscriptionStatus: 'canceled' });
    expect(await api.subscription()).toMatchObject({ status: 'canceled', plan: 'free', canReactivate: true });
    expect(await ledgerOf(id)).toHaveLength(1);
    // Subscribing again charges the card on file now.
    expect(await api.reactivateSubscription()).toMatchObject({ status: 'active' });
    expect(await ledgerOf(id)).toHaveLength(2);
    expect((await failure(api.subscribe({})))?.status).toBe(409);
  });

  it('a failed first charge makes the plan past due without premium (nothing was paid), retries daily, and lapses after the last failure', async () => {
    const { id, api } = await signUp();
    await api.setupTrial({ creditCard: FAILING_CARD });
    later(7);
    await tick();
    expect(await api.subscription()).toMatchObject({ status: 'past_due', plan: 'free' });
    expect(await ledgerOf(id)).toEqual([
      { kind: 'subscription', status: 'failed', amount: SUBSCRIPTION_PRICE_USD, provider: 'sandbox' },
    ]);
    later(1);
    await tick();
    later(1);
    await tick();
    expect(await api.subscription()).toMatchObject({ status: 'expired', plan: 'free', canReactivate: true });
    expect((await ledgerOf(id)).map((p) => p.status)).toEqual(['failed', 'failed', 'failed']);
    // A new card puts it right: charged now.
    expect(await api.subscribe({ creditCard: TEST_CARD })).toMatchObject({ status: 'active', card: { last4: '4242' } });
    expect((await ledgerOf(id)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
  });

  it('a declined card when subscribing is refused and changes nothing', async () => {
    const { id, api } = await signUp();
    const err = await failure(api.subscribe({ creditCard: FAILING_CARD }));
    expect(err).toMatchObject({ status: 402, serverMessage: ErrorMessages.cardDeclined });
    expect(await api.me()).toMatchObject({ isSubscribed: false, subscriptionStatus: 'none' });
    expect((await ledgerOf(id)).map((p) => p.status)).toEqual(['failed']);
    expect((await failure(api.cancelSubscription()))?.status).toBe(409);
  });

  it('two subscribes at once charge once: one answers, the other is refused', async () => {
    const { id, api } = await signUp();
    await api.setupTrial({ creditCard: TEST_CARD });
    const outcomes = await Promise.allSettled([api.subscribe({}), api.subscribe({}), api.subscribe({})]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect((o.reason as ApiError).status).toBe(409);
    expect((await ledgerOf(id)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
    expect(await api.me()).toMatchObject({ isSubscribed: true, subscriptionStatus: 'active' });
  });

  it('a tick at the trial end racing a subscribe charges once', async () => {
    const { id, api } = await signUp();
    await api.setupTrial({ creditCard: TEST_CARD });
    later(7);
    await Promise.allSettled([tick(), api.subscribe({}), tick(), api.reactivateSubscription()]);
    await tick();
    expect((await ledgerOf(id)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
    expect(await api.me()).toMatchObject({ isSubscribed: true });
  });

  it('while the first charge at the trial end waits on the provider, a subscribe or a cancel is refused (409): one charge, kept', async () => {
    const { id, api } = await signUp();
    await api.setupTrial({ creditCard: TEST_CARD });
    later(7);
    const charge = sandbox.cards.charge;
    let release: () => void = () => undefined;
    sandbox.cards.charge = async (request) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return charge.call(sandbox.cards, request);
    };
    try {
      const ticking = tick();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const refused = await Promise.all([failure(api.subscribe({})), failure(api.cancelSubscription())]);
      expect(refused.map((e) => [e?.status, e?.serverMessage])).toEqual([
        [409, expect.stringContaining('A payment for this plan is being made')],
        [409, expect.stringContaining('A payment for this plan is being made')],
      ]);
      release();
      await ticking;
    } finally {
      sandbox.cards.charge = charge;
    }
    expect((await ledgerOf(id)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
    expect(await api.me()).toMatchObject({ isSubscribed: true, subscriptionStatus: 'active' });
    // Once it is done, the cancel goes through and keeps the month just paid.
    expect(await api.cancelSubscription()).toMatchObject({ status: 'canceled', plan: 'premium' });
  });

  it('a charge whose process died while the provider was asked is finished under its own key: charged once', async () => {
    const { id, api } = await signUp();
    await api.setupTrial({ creditCard: TEST_CARD });
    const [row] = await t.running.database.db.select().from(users).where(eq(users.id, id));
    // A process claimed the first charge, asked the provider (which charged), and died before it heard back.
    const key = 'plan@dead-process';
    const charged = await sandbox.cards.charge({
      cardToken: row?.cardToken as string,
      amount: SUBSCRIPTION_PRICE_USD,
      currency: 'USD',
      description: 'Premium',
      idempotencyKey: `${id}:${key}`,
      period: { start: new Date(), end: new Date() },
    });
    await t.running.database.db.insert(payments).values({
      kind: 'subscription',
      status: 'pending',
      amount: SUBSCRIPTION_PRICE_USD,
      currency: 'USD',
      userId: id,
      provider: 'sandbox',
      providerReference: `claim-${id}-${key}`,
      periodKey: key,
    });
    later(7);
    await tick();
    const ledger = (await t.running.database.db.select().from(payments)).filter((p) => p.userId === id);
    expect(ledger.map((p) => [p.status, p.providerReference])).toEqual([['succeeded', charged.reference]]);
    expect(await api.me()).toMatchObject({ isSubscribed: true, subscriptionStatus: 'active' });
  });

  it('an active status nobody renews lapses by its dates: premium only while a paid period covers now', async () => {
    const { id, api } = await signUp();
    await api.subscribe({ creditCard: TEST_CARD });
    // A plan whose renewal never happened (the clock stopped, say): no charge due, the status still says active.
    await t.running.database.db.update(users).set({ nextChargeAt: null }).where(eq(users.id, id));
    later(32);
    expect((await api.me()).isSubscribed).toBe(true);
    later(3);
    expect(await api.me()).toMatchObject({ isSubscribed: false });
    expect((await api.subscription()).plan).toBe('free');
  });

  describe("the sandbox's test-mode PayPal", () => {
    /** The payer's Approve on the sandbox's approval page, through its signed link. */
    async function approve(approvalUrl: string | null): Promise<Response> {
      const url = new URL(approvalUrl ?? '');
      return fetch(`${t.baseUrl}${url.pathname}${url.search}`, {
        method: 'POST',
        body: new URLSearchParams({ outcome: 'approve' }),
        redirect: 'manual',
      });
    }

    it('create → approve on the test page → activate: premium, paid in the ledger, only for the account it was made for', async () => {
      const { id, api } = await signUp();
      const other = await signUp();
      const { id: subscriptionId, approvalUrl } = await api.paypalCreateSubscription({ userEmail: '', userName: '' });
      expect(approvalUrl).toContain(`/api/payments/sandbox/paypal/${subscriptionId}?sig=`);
      const page = await fetch(`${t.baseUrl}${new URL(approvalUrl ?? '').pathname}${new URL(approvalUrl ?? '').search}`);
      expect(await page.text()).toContain('TEST MODE');
      // Not approved yet: refused, nothing changes.
      expect((await failure(api.paypalActivateSubscription({ subscriptionId })))?.status).toBe(402);
      const back = await approve(approvalUrl);
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe(
        `/subscribe?paypal=approved&subscription_id=${subscriptionId}&ba_token=BA-${subscriptionId.slice(2)}`,
      );
      // Another account's id and a made-up one are refused.
      expect((await failure(other.api.paypalActivateSubscription({ subscriptionId })))?.status).toBe(404);
      expect((await failure(api.paypalActivateSubscription({ subscriptionId: 'I-MADEUP000000' })))?.status).toBe(404);
      expect(await other.api.me()).toMatchObject({ isSubscribed: false });
      const activated = await api.paypalActivateSubscription({ subscriptionId });
      expect(activated).toMatchObject({ status: 'active', plan: 'premium', provider: 'sandbox-paypal' });
      expect(await api.paypalActivateSubscription({ subscriptionId })).toMatchObject({ status: 'active' });
      expect(await ledgerOf(id)).toEqual([
        { kind: 'subscription', status: 'succeeded', amount: SUBSCRIPTION_PRICE_USD, provider: 'sandbox-paypal' },
      ]);
      expect((await failure(api.paypalCreateSubscription({ userEmail: '', userName: '' })))?.status).toBe(409);
    });

    it('renews when the provider bills it (read back at the period end), and lapses once cancelled', async () => {
      const { id, api } = await signUp();
      const { id: subscriptionId, approvalUrl } = await api.paypalCreateSubscription({ userEmail: '', userName: '' });
      await approve(approvalUrl);
      const first = await api.paypalActivateSubscription({ subscriptionId });
      later(32);
      await tick();
      expect(await ledgerOf(id)).toHaveLength(2);
      const renewed = await api.subscription();
      expect(renewed).toMatchObject({ status: 'active', plan: 'premium' });
      expect(Date.parse(renewed.nextBillingDate ?? '')).toBeGreaterThan(Date.parse(first.nextBillingDate ?? ''));
      const canceled = await api.cancelSubscription();
      expect(canceled).toMatchObject({ status: 'canceled', plan: 'premium', provider: null, nextBillingDate: null });
      const [record] = await t.running.database.db
        .select()
        .from(sandboxSubscriptions)
        .where(eq(sandboxSubscriptions.id, subscriptionId));
      expect(record?.status).toBe('cancelled');
      later(40);
      await tick();
      expect(await api.me()).toMatchObject({ isSubscribed: false, subscriptionStatus: 'canceled' });
      expect(await ledgerOf(id)).toHaveLength(2);
    });

    it("an approval is the plan's at once, as PayPal's webhook makes it; a second one while it is live is ended: one live subscription", async () => {
      const { api } = await signUp();
      const a = await api.paypalCreateSubscription({ userEmail: '', userName: '' });
      const b = await api.paypalCreateSubscription({ userEmail: '', userName: '' });
      // The payer approves and never comes back to /subscribe: premium all the same.
      await approve(a.approvalUrl);
      expect(await api.subscription()).toMatchObject({ status: 'active', plan: 'premium', provider: 'sandbox-paypal' });
      // A second approval (another tab) while a is live would bill twice: it is ended at once.
      await approve(b.approvalUrl);
      expect((await sandbox.approvalPlans.find(a.id))?.status).toBe('active');
      expect((await sandbox.approvalPlans.find(b.id))?.status).toBe('cancelled');
      expect((await failure(api.paypalActivateSubscription({ subscriptionId: b.id })))?.status).toBe(409);
      expect(await api.paypalActivateSubscription({ subscriptionId: a.id })).toMatchObject({ status: 'active' });
    });

    it('taken up again while a canceled plan still runs, it bills from the end of what was paid: nothing twice', async () => {
      const { id, api } = await signUp();
      const first = await api.paypalCreateSubscription({ userEmail: '', userName: '' });
      await approve(first.approvalUrl);
      const paidUntil = (await api.subscription()).nextBillingDate;
      later(10);
      expect(await api.cancelSubscription()).toMatchObject({ status: 'canceled', plan: 'premium', accessEndsAt: paidUntil });
      const again = await api.paypalCreateSubscription({ userEmail: '', userName: '' });
      await approve(again.approvalUrl);
      expect(await api.subscription()).toMatchObject({
        status: 'active',
        plan: 'premium',
        provider: 'sandbox-paypal',
        nextBillingDate: paidUntil,
      });
      expect(await ledgerOf(id)).toHaveLength(1);
      later(21);
      await tick();
      expect(await ledgerOf(id)).toHaveLength(2);
      expect(await api.me()).toMatchObject({ isSubscribed: true, subscriptionStatus: 'active' });
    });

    it('deleting the account ends its subscription at the provider first', async () => {
      const { api } = await signUp();
      const { id: subscriptionId, approvalUrl } = await api.paypalCreateSubscription({ userEmail: '', userName: '' });
      await approve(approvalUrl);
      await api.paypalActivateSubscription({ subscriptionId });
      await api.deleteAccount();
      expect((await sandbox.approvalPlans.find(subscriptionId))?.status).toBe('cancelled');
    });
  });

  it('keeps no card number or CVV in the database or the log', async () => {
    const dump = JSON.stringify([
      await t.running.database.db.select().from(users),
      await t.running.database.db.select().from(payments),
    ]);
    const logged = JSON.stringify(log.lines);
    for (const secret of ['4242424242424242', '4242 4242 4242 4242', '4000000000000341', '"123"']) {
      expect(dump).not.toContain(secret);
      expect(logged).not.toContain(secret);
    }
  });
});
