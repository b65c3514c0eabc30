import { describe, expect, it } from 'vitest';
import { CardDeclinedError, type PaymentPort, ProviderUnavailableError } from '../src/adapters/payments/payment.port.js';

/**
 * What a test gives the shared expectations of a payment adapter (sandbox, PayPal, Stripe): the adapter, talking to
 * its provider's local fake, and the provider's side of things.
 */
export interface PaymentAdapterSubject {
  adapter: PaymentPort;
  /** A subscription the provider bills now, made the provider's way (created and approved at the fake). */
  activeSubscription(): Promise<string>;
  /** Whether the provider has the subscription ended. */
  isEnded(subscriptionId: string): Promise<boolean>;
  /** The provider fails its next answers with a 5xx (an outage); absent for the sandbox, which has no provider. */
  failNext?: (count: number) => void;
  /** The same adapter pointed at an address where nothing answers; absent for the sandbox. */
  unreachable?: () => PaymentPort;
  /** For adapters that charge cards: a charge the provider declines. */
  declinedCharge?: () => Promise<unknown>;
}

/**
 * The expectations every provider adapter meets, for its own test to call inside a describe, with the subject built
 * in its beforeAll: cancel is idempotent, and failures are the port's errors (CardDeclinedError for a refused card,
 * ProviderUnavailableError for the provider's outages and refusals) rather than the provider's own.
 */
export function paymentAdapterContract(subject: () => PaymentAdapterSubject): void {
  describe('as a payment adapter', () => {
    it('is named for the ledger, and only the sandbox says it is one', () => {
      const { adapter, unreachable } = subject();
      expect(adapter.provider).toMatch(/^[a-z]+$/);
      expect(adapter.isSandbox).toBe(adapter.provider === 'sandbox' && unreachable === undefined);
    });

    it('cancels a subscription at the provider, and cancelling it again is harmless', async () => {
      const s = subject();
      const id = await s.activeSubscription();
      await s.adapter.cancelSubscription(id);
      expect(await s.isEnded(id)).toBe(true);
      await expect(s.adapter.cancelSubscription(id)).resolves.toBeUndefined();
      expect(await s.isEnded(id)).toBe(true);
    });

    it('reports an outage of the provider as ProviderUnavailableError', async (ctx) => {
      const s = subject();
      if (!s.failNext) return ctx.skip();
      const id = await s.activeSubscription();
      s.failNext(1);
      await expect(s.adapter.cancelSubscription(id)).rejects.toBeInstanceOf(ProviderUnavailableError);
      expect(await s.isEnded(id)).toBe(false);
    });

    it('reports a provider it cannot reach as ProviderUnavailableError', async (ctx) => {
      const { unreachable } = subject();
      if (!unreachable) return ctx.skip();
      await expect(unreachable().cancelSubscription('sub_unreachable')).rejects.toBeInstanceOf(ProviderUnavailableError);
    });

    it('reports a declined card as CardDeclinedError', async (ctx) => {
      const { declinedCharge } = subject();
      if (!declinedCharge) return ctx.skip();
      await expect(declinedCharge()).rejects.toBeInstanceOf(CardDeclinedError);
    });
  });
}
