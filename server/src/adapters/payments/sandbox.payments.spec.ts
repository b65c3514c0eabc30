import { describe, expect, it } from 'vitest';
import { paymentAdapterContract } from '../../../test/payment-adapter.contract.js';
import { CardDeclinedError } from './payment.port.js';
import { SandboxPayments } from './sandbox.payments.js';

describe('SandboxPayments', () => {
  const sandbox = new SandboxPayments('https://shrinkly.test', 'k'.repeat(32));
  const card = (number: string) => ({ number, expMonth: 12, expYear: 2039, cvv: '123', holder: 'Ada' });

  it('saves test cards as a provider would: brand and last 4 only, the declined numbers refused', async () => {
    expect(await sandbox.saveCard(card('4242424242424242'))).toMatchObject({ brand: 'visa', last4: '4242', token: expect.stringMatching(/^sandbox_card_/) });
    await expect(sandbox.saveCard(card('4000000000000002'))).rejects.toBeInstanceOf(CardDeclinedError);
  });

  it('charges every card but the one saved to fail at charge, with the reference following the idempotency key', async () => {
    const good = await sandbox.saveCard(card('4242424242424242'));
    const charge = { cardToken: good.token, amount: 3.99, currency: 'USD', description: 'Premium', idempotencyKey: 'k1' };
    expect(await sandbox.charge(charge)).toEqual(await sandbox.charge(charge));
    const failing = await sandbox.saveCard(card('4000000000000341'));
    await expect(sandbox.charge({ ...charge, cardToken: failing.token })).rejects.toBeInstanceOf(CardDeclinedError);
  });

  paymentAdapterContract(() => ({
    adapter: sandbox,
    // The sandbox bills plans through our own scheduler: it has no subscriptions of its own to end.
    activeSubscription: async () => 'sandbox-plan',
    isEnded: async () => true,
    declinedCharge: async () => {
      const failing = await sandbox.saveCard(card('4000000000000341'));
      return sandbox.charge({ cardToken: failing.token, amount: 3.99, currency: 'USD', description: 'Premium', idempotencyKey: 'declined' });
    },
  }));
});
