import { type ApiClient, ApiError, ErrorMessages, SUBSCRIPTION_PRICE_USD } from '@shrinkly/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPayments } from '../../src/adapters/payments/sandbox.payments.js';
import { payments, users } from '../../src/db/schema/index.js';
import { SubscriptionEventHandler } from '../../src/features/billing/subscription-events.js';
import { addMonths } from '../../src/features/plans/billing-calendar.js';
import { SubscriptionService } from '../../src/features/plans/subscription.service.js';
import { capturingLogger, newUser, startTestApp, type TestApp, TestClock } from '../harness.js';

const DAY = 24 * 60 * 60 * 1000;
const CARD = { cardholderName: 'Ada Lovelace', cardNumber: '4242 4242 4242 4242', expiryDate: '12/39', cvv: '123' };
/** Saved without trouble, declined at every charge. */
const FAILING_CARD = { ...CARD, cardNumber: '4000 0000 0000 0341' };
const DECLINED_CARD = { ...CARD, cardNumber: '4000 0000 0000 0002' };

/** The sandbox, remembering which provider subscriptions it was asked to end. */
class RecordingSandbox extends SandboxPayments {
  readonly canceled: string[] = [];
  override async cancelSubscription(id: string): Promise<void> {
    this.canceled.push(id);
  }
}

describe('trial, subscription, renewals, cancel and reactivate', () => {
  let t: TestApp;
  const clock = new TestClock();
  const log = capturingLogger('debug');
  let provider: RecordingSandbox;

  beforeAll(async () => {
    provider = new RecordingSandbox('http://127.0.0.1', 'x'.repeat(32));
    t = await startTestApp({ clock, logger: log.logger, payments: provider });
  });
  afterAll(async () => {
    await t?.close();
  });

  const signUp = async () => {
    const { token, user } = await t.api.register(newUser());
    return { id: user.id, api: t.as(token) };
  };
  const failure = (call: Promise<unknown>) => call.then(() => undefined, (e: unknown) => e as ApiError);
  const tick = () => t.running.app.get(SubscriptionService).tick();
  const ledgerOf = async (userId: string) =>
    (await t.running.database.db.select().from(payments)).filter((p) => p.userId === userId).map((p) => ({ kind: p.kind, status: p.status, amount: p.amount }));
  const later = (days: number) => {
    clock.offsetMs += days * DAY;
  };

  it('charges $3.99 once when the trial ends, then renews a month later', async () => {
    const { id, api } = await signUp();
    const started = await api.setupTrial({ creditCard: CARD });
    expect(started).toMatchObject({ isTrialActive: true, subscriptionStatus: 'trial' });
    const trialEnd = new Date(started.trialEndDate as string);
    expect(await api.subscription()).toMatchObject({
      plan: 'trial', status: 'trial', nextBillingDate: trialEnd.toISOString(), card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2039 }, canCancel: true,
    });

    later(6);
    await tick();
    expect(await ledgerOf(id)).toEqual([]);
    later(1);
    await Promise.all([tick(), tick()]);
    await tick();
    expect(await ledgerOf(id)).toEqual([{ kind: 'subscription', status: 'succeeded', amount: SUBSCRIPTION_PRICE_USD }]);
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
    await api.setupTrial({ creditCard: CARD });
    later(2);
    expect(await api.cancelSubscription()).toMatchObject({ status: 'canceled', plan: 'trial', nextBillingDate: null, canReactivate: true });
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
    await api.subscribe({ creditCard: CARD });
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

  it('a failed renewal makes the plan past due with access, retries daily, and lapses after the last failure', async () => {
    const { id, api } = await signUp();
    await api.setupTrial({ creditCard: FAILING_CARD });
    later(7);
    await tick();
    expect(await api.subscription()).toMatchObject({ status: 'past_due', plan: 'premium' });
    expect(await ledgerOf(id)).toEqual([{ kind: 'subscription', status: 'failed', amount: SUBSCRIPTION_PRICE_USD }]);
    later(1);
    await tick();
    later(1);
    await tick();
    expect(await api.subscription()).toMatchObject({ status: 'expired', plan: 'free', canReactivate: true });
    expect((await ledgerOf(id)).map((p) => p.status)).toEqual(['failed', 'failed', 'failed']);
    // A new card puts it right: charged now.
    expect(await api.subscribe({ creditCard: CARD })).toMatchObject({ status: 'active', card: { last4: '4242' } });
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

  it('follows a provider-billed plan, and deleting the account ends it at the provider first', async () => {
    const { id, api } = await signUp();
    const handler = t.running.app.get(SubscriptionEventHandler);
    const periodEnd = new Date(clock.now().getTime() + 30 * DAY);
    await handler.handle({ type: 'activated', provider: 'paypal', subscriptionId: 'I-TEST1', userId: id, trialEndsAt: null, periodEnd });
    expect(await api.subscription()).toMatchObject({ status: 'active', provider: 'paypal', nextBillingDate: null });
    const paid = { type: 'paid', provider: 'paypal', subscriptionId: 'I-TEST1', eventId: 'WH-1', amount: 3.99, currency: 'USD', reference: 'SALE-1', periodEnd } as const;
    await handler.handle(paid);
    await handler.handle(paid);
    expect(await ledgerOf(id)).toEqual([{ kind: 'subscription', status: 'succeeded', amount: 3.99 }]);
    await api.deleteAccount();
    expect(provider.canceled).toContain('I-TEST1');
  });

  it('keeps no card number or CVV in the database or the log', async () => {
    const dump = JSON.stringify([await t.running.database.db.select().from(users), await t.running.database.db.select().from(payments)]);
    const logged = JSON.stringify(log.lines);
    for (const secret of ['4242424242424242', '4242 4242 4242 4242', '4000000000000341', '"123"']) {
      expect(dump).not.toContain(secret);
      expect(logged).not.toContain(secret);
    }
  });
});
