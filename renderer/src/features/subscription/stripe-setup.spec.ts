import type { Stripe } from '@stripe/stripe-js';
import { describe, expect, it, vi } from 'vitest';
import type { HostedCardState } from './card-validation';
import { mountStripeCard, STRIPE_UNAVAILABLE_MESSAGE, StripeCardError, stripeErrorMessage } from './stripe-setup';

type ConfirmResult =
  | { error: { type: string; message?: string } }
  | { setupIntent: { payment_method: string | { id: string } | null } };

/** A Stripe.js stand-in: one card element that records what is done with it, and confirmCardSetup's answers in turn. */
function fakeStripe(answers: ConfirmResult[]) {
  let changed: ((event: { empty: boolean; complete: boolean; error?: { message: string } }) => void) | undefined;
  const card = {
    mount: vi.fn(),
    update: vi.fn(),
    destroy: vi.fn(),
    on: vi.fn((_event: string, handler: typeof changed) => {
      changed = handler;
    }),
  };
  const create = vi.fn(() => card);
  const confirmCardSetup = vi.fn(async () => answers.shift());
  const stripe = { elements: () => ({ create }), confirmCardSetup } as unknown as Stripe;
  return {
    stripe,
    card,
    create,
    confirmCardSetup,
    type: (event: Parameters<NonNullable<typeof changed>>[0]) => changed?.(event),
  };
}

function grants() {
  let n = 0;
  return vi.fn(async () => ({ clientSecret: `seti_${++n}_secret_x`, publishableKey: 'pk_test_123' }));
}

const target = {} as HTMLElement;

describe('mountStripeCard', () => {
  it('asks our server for a SetupIntent, loads Stripe.js with its key and mounts the card field without a postal code', async () => {
    const fake = fakeStripe([]);
    const requestSetupIntent = grants();
    const loadStripe = vi.fn(async () => fake.stripe);
    await mountStripeCard(target, { requestSetupIntent, loadStripe }, () => {}, { style: { base: { fontSize: '14px' } } });
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(fake.create).toHaveBeenCalledWith('card', { hidePostalCode: true, style: { base: { fontSize: '14px' } } });
    expect(fake.card.mount).toHaveBeenCalledWith(target);
  });

  it("reports what Stripe's field says of the card", async () => {
    const fake = fakeStripe([]);
    const states: HostedCardState[] = [];
    await mountStripeCard(target, { requestSetupIntent: grants(), loadStripe: async () => fake.stripe }, (s) => states.push(s));
    fake.type({ empty: false, complete: false, error: { message: 'Your card number is invalid.' } });
    fake.type({ empty: false, complete: true });
    expect(states).toEqual([
      { empty: false, complete: false, error: 'Your card number is invalid.' },
      { empty: false, complete: true, error: null },
    ]);
  });

  it("confirms the SetupIntent with the card field and the cardholder's name, and answers the payment method", async () => {
    const fake = fakeStripe([{ setupIntent: { payment_method: 'pm_123' } }]);
    const card = await mountStripeCard(target, { requestSetupIntent: grants(), loadStripe: async () => fake.stripe }, () => {});
    await expect(card.confirm('  Robin Tester ')).resolves.toBe('pm_123');
    expect(fake.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_x', {
      payment_method: { card: fake.card, billing_details: { name: 'Robin Tester' } },
    });
  });

  it("turns a refused card into Stripe's words, and lets the same SetupIntent be tried with another card", async () => {
    const fake = fakeStripe([
      { error: { type: 'card_error', message: 'Your card was declined.' } },
      { setupIntent: { payment_method: { id: 'pm_456' } } },
    ]);
    const requestSetupIntent = grants();
    const card = await mountStripeCard(target, { requestSetupIntent, loadStripe: async () => fake.stripe }, () => {});
    await expect(card.confirm('Robin')).rejects.toEqual(new StripeCardError('Your card was declined.'));
    await expect(card.confirm('Robin')).resolves.toBe('pm_456');
    expect(fake.confirmCardSetup.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
      'seti_1_secret_x',
      'seti_1_secret_x',
    ]);
    expect(requestSetupIntent).toHaveBeenCalledTimes(1);
  });

  it('asks for a new SetupIntent after one was confirmed (the trial itself was refused and is tried again)', async () => {
    const fake = fakeStripe([{ setupIntent: { payment_method: 'pm_1' } }, { setupIntent: { payment_method: 'pm_2' } }]);
    const card = await mountStripeCard(target, { requestSetupIntent: grants(), loadStripe: async () => fake.stripe }, () => {});
    await card.confirm('Robin');
    await card.confirm('Robin');
    expect(fake.confirmCardSetup.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
      'seti_1_secret_x',
      'seti_2_secret_x',
    ]);
  });

  it('fails plainly when Stripe.js cannot load (no network, blocked script)', async () => {
    const deps = { requestSetupIntent: grants() };
    await expect(mountStripeCard(target, { ...deps, loadStripe: async () => null }, () => {})).rejects.toEqual(
      new StripeCardError(STRIPE_UNAVAILABLE_MESSAGE),
    );
    await expect(
      mountStripeCard(target, { ...deps, loadStripe: () => Promise.reject(new Error('Failed to load Stripe.js')) }, () => {}),
    ).rejects.toEqual(new StripeCardError(STRIPE_UNAVAILABLE_MESSAGE));
  });

  it('locks and removes the field', async () => {
    const fake = fakeStripe([]);
    const card = await mountStripeCard(target, { requestSetupIntent: grants(), loadStripe: async () => fake.stripe }, () => {});
    card.setDisabled(true);
    card.destroy();
    expect(fake.card.update).toHaveBeenCalledWith({ disabled: true });
    expect(fake.card.destroy).toHaveBeenCalled();
  });
});

describe('stripeErrorMessage', () => {
  it("shows a card's refusal and a mistyped card in Stripe's words, anything else as a retry", () => {
    expect(stripeErrorMessage({ type: 'card_error', message: 'Your card has insufficient funds.' })).toBe(
      'Your card has insufficient funds.',
    );
    expect(stripeErrorMessage({ type: 'validation_error', message: 'Your card number is incomplete.' })).toBe(
      'Your card number is incomplete.',
    );
    expect(stripeErrorMessage({ type: 'api_connection_error', message: 'Network down' })).toBe(
      'Your card could not be checked. Please try again.',
    );
  });
});
