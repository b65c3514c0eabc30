import { describe, expect, it } from 'vitest';
import { type PaymentPort, type ProviderBilledPlans, ProviderUnavailableError } from '../src/adapters/payments/payment.port.js';

/**
 * What a test gives the shared expectations of a payment adapter (sandbox, PayPal, Stripe): the adapter, talking to
 * its provider's local fake, and the provider's side of things.
 */
export interface PaymentAdapterSubject {
  adapter: PaymentPort;
  /** The capability that bills plans at this provider, and a subscription it bills now, made the provider's way. */
  plans: ProviderBilledPlans;
  activeSubscription(): Promise<string>;
  /** Whether the provider has the subscription ended. */
  isEnded(subscriptionId: string): Promise<boolean>;
  /** The provider fails its next answers with a 5xx (an outage); absent for the sandbox, which has no provider. */
  failNext?: (count: number) => void;
  /** The same capability pointed at an address where nothing answers; absent for the sandbox. */
  unreachable?: () => ProviderBilledPlans;
}

/**
 * The expectations every provider adapter meets, for its own test to call inside a describe, with the subject built
 * in its beforeAll: a subscription reads back as the provider has it, cancel is idempotent, and failures are the
 * port's errors (ProviderUnavailableError for the provider's outages and refusals) rather than the provider's own.
 */
export function paymentAdapterContract(subject: () => PaymentAdapterSubject): void {
  describe('as a payment adapter', () => {
    it('is named for the ledger, only the sandbox says it is one, and its plan capability is found by its name', () => {
      const { adapter, plans, unreachable } = subject();
      expect(adapter.provider).toMatch(/^[a-z]+$/);
      expect(adapter.isSandbox).toBe(adapter.provider === 'sandbox' && unreachable === undefined);
      expect(adapter.billedPlans(plans.name)).toBe(plans);
      expect(adapter.billedPlans('nobody')).toBeUndefined();
    });

    it('reads a subscription back, cancels it at the provider, and cancelling it again is harmless', async () => {
      const s = subject();
      const id = await s.activeSubscription();
      expect(await s.plans.subscription(id)).toMatchObject({ id, status: expect.stringMatching(/^(trialing|active)$/) });
      await s.plans.cancelSubscription(id);
      expect(await s.isEnded(id)).toBe(true);
      expect(await s.plans.subscription(id)).toMatchObject({ id, status: 'ended' });
      await expect(s.plans.cancelSubscription(id)).resolves.toBeUndefined();
      expect(await s.isEnded(id)).toBe(true);
      expect(await s.plans.subscription('I-NOSUCHTHING1')).toBeUndefined();
    });

    it('reports an outage of the provider as ProviderUnavailableError', async (ctx) => {
      const s = subject();
      if (!s.failNext) return ctx.skip();
      const id = await s.activeSubscription();
      s.failNext(1);
      await expect(s.plans.cancelSubscription(id)).rejects.toBeInstanceOf(ProviderUnavailableError);
      expect(await s.isEnded(id)).toBe(false);
    });

    it('reports a provider it cannot reach as ProviderUnavailableError', async (ctx) => {
      const { unreachable } = subject();
      if (!unreachable) return ctx.skip();
      await expect(unreachable().cancelSubscription('sub_unreachable')).rejects.toBeInstanceOf(ProviderUnavailableError);
    });
  });
}
