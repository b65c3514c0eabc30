import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardDeclinedError } from '../../src/adapters/payments/payment.port.js';
import { SandboxPayments } from '../../src/adapters/payments/sandbox.payments.js';
import { addMonths } from '../../src/common/billing-calendar.js';
import { Clock } from '../../src/common/clock.js';
import type { DatabaseHandle } from '../../src/db/client.js';
import { users } from '../../src/db/schema/index.js';
import { openTestDatabase } from '../harness.js';
import { paymentAdapterContract } from '../payment-adapter.contract.js';

class TestClock extends Clock {
  ms = Date.parse('2026-03-01T10:00:00Z');
  override now(): Date {
    return new Date(this.ms);
  }
}

const DAY = 86_400_000;

describe('the sandbox payment provider', () => {
  let database: DatabaseHandle;
  let sandbox: SandboxPayments;
  const clock = new TestClock();
  const card = (number: string) => ({ number, expMonth: 12, expYear: 2039, cvv: '123', holder: 'Ada' });

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.migrate();
    sandbox = new SandboxPayments({ appUrl: 'https://shrinkly.test', linkSecret: 'k'.repeat(32), db: database.db, clock });
  });
  afterAll(() => database?.close());

  async function account(): Promise<string> {
    const [row] = await database.db
      .insert(users)
      .values({ name: 'Ada', email: `${randomUUID()}@example.com`, passwordHash: 'x' })
      .returning();
    return (row as { id: string }).id;
  }

  /** A new account's subscription waiting for the payer's approval, as createApproval asks for one. */
  function subscriptionFor(userId: string, trial = false) {
    return sandbox.approvalPlans.createSubscription({ userId, email: 'a@example.com', name: 'Ada', trial, startAt: null });
  }

  it('saves test cards as a provider would: brand and last 4 only, the declined numbers refused', async () => {
    expect(await sandbox.cards.saveCard(card('4242424242424242'))).toMatchObject({
      brand: 'visa',
      last4: '4242',
      token: expect.stringMatching(/^sandbox_card_/),
    });
    await expect(sandbox.cards.saveCard(card('4000000000000002'))).rejects.toBeInstanceOf(CardDeclinedError);
  });

  it('charges every card but the one saved to fail at charge, with the reference following the idempotency key', async () => {
    const good = await sandbox.cards.saveCard(card('4242424242424242'));
    const period = { start: new Date('2026-07-01T00:00:00Z'), end: new Date('2026-08-01T00:00:00Z') };
    const charge = { cardToken: good.token, amount: 3.99, currency: 'USD', description: 'Premium', period, idempotencyKey: 'k1' };
    expect(await sandbox.cards.charge(charge)).toEqual(await sandbox.cards.charge(charge));
    const failing = await sandbox.cards.saveCard(card('4000000000000341'));
    await expect(sandbox.cards.charge({ ...charge, cardToken: failing.token })).rejects.toBeInstanceOf(CardDeclinedError);
  });

  describe('its test-mode PayPal', () => {
    it('makes a subscription to approve on a page signed for it, and it bills nothing until approved', async () => {
      const userId = await account();
      const { id, approvalUrl } = await subscriptionFor(userId);
      expect(approvalUrl).toBe(`https://shrinkly.test${sandbox.approvalPlans.approvalPath(id)}`);
      const sig = new URL(approvalUrl).searchParams.get('sig') ?? undefined;
      expect(sandbox.approvalPlans.verifyApproval(id, sig)).toBe(true);
      expect(sandbox.approvalPlans.verifyApproval('I-OTHER', sig)).toBe(false);
      expect(await sandbox.approvalPlans.subscription(id)).toMatchObject({ id, status: 'pending', userId, charges: [] });
    });

    it('charges the first month at approval, then bills itself at each period end, once however often it is read', async () => {
      const userId = await account();
      const { id } = await subscriptionFor(userId);
      const approvedAt = new Date(clock.ms);
      expect(await sandbox.approvalPlans.approve(id)).toBe(true);
      expect(await sandbox.approvalPlans.approve(id)).toBe(true);
      const first = await sandbox.approvalPlans.subscription(id);
      expect(first).toMatchObject({ status: 'active', periodEnd: addMonths(approvedAt, 1) });
      expect(first?.charges).toHaveLength(1);
      clock.ms = addMonths(approvedAt, 2).getTime() + DAY;
      const [later, again] = await Promise.all([sandbox.approvalPlans.subscription(id), sandbox.approvalPlans.subscription(id)]);
      expect(later?.charges).toHaveLength(3);
      expect(again?.charges.map((c) => c.reference)).toEqual(later?.charges.map((c) => c.reference));
      expect(later?.periodEnd).toEqual(addMonths(approvedAt, 3));
    });

    it('starts with the 7-day trial when asked, charging at its end', async () => {
      const userId = await account();
      const { id } = await subscriptionFor(userId, true);
      await sandbox.approvalPlans.approve(id);
      const trial = await sandbox.approvalPlans.subscription(id);
      expect(trial).toMatchObject({ status: 'trialing', trialEndsAt: new Date(clock.ms + 7 * DAY), charges: [] });
      clock.ms += 7 * DAY;
      expect((await sandbox.approvalPlans.subscription(id))?.charges).toHaveLength(1);
    });

    it('a cancelled subscription cannot be approved', async () => {
      const userId = await account();
      const { id } = await subscriptionFor(userId);
      await sandbox.approvalPlans.cancelSubscription(id);
      expect(await sandbox.approvalPlans.approve(id)).toBe(false);
      expect(await sandbox.approvalPlans.subscription(id)).toMatchObject({ status: 'ended', charges: [] });
    });
  });

  paymentAdapterContract(() => ({
    adapter: sandbox,
    plans: sandbox.approvalPlans,
    activeSubscription: async () => {
      const { id } = await sandbox.approvalPlans.createSubscription({
        userId: await account(),
        email: 'a@example.com',
        name: 'Ada',
        trial: false,
        startAt: null,
      });
      await sandbox.approvalPlans.approve(id);
      return id;
    },
    isEnded: async (id) => (await sandbox.approvalPlans.find(id))?.status === 'cancelled',
  }));
});
