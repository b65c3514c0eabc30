import type { SubscriptionDetails } from '@shrinkly/contract';

/**
 * What a payment provider that bills a subscription itself (PayPal, Stripe) reports, once its webhook or API answer
 * is verified. Billing hands these to the plan life cycle (features/plans), which alone decides what they change.
 */
export type ProviderSubscriptionEvent =
  /** The payer approved and the provider says the subscription is active; `userId` is who created it with us. */
  | { type: 'activated'; provider: string; subscriptionId: string; userId: string; trialEndsAt: Date | null; periodEnd: Date | null }
  /** A charge of the subscription went through (first payment or renewal). `eventId` makes a replay harmless. */
  | { type: 'paid'; provider: string; subscriptionId: string; eventId: string; amount: number; currency: string; reference: string; periodEnd: Date | null }
  /** A renewal charge failed; the provider retries it on its own schedule. */
  | { type: 'payment-failed'; provider: string; subscriptionId: string; eventId: string }
  /** The subscription ended at the provider (canceled by the payer there, or after failed retries). */
  | { type: 'canceled'; provider: string; subscriptionId: string; eventId: string };

/** The plan life cycle's side of provider events (implemented by features/plans). */
export abstract class SubscriptionEventHandler {
  abstract handle(event: ProviderSubscriptionEvent): Promise<void>;
}

/**
 * The caller's plan as the subscription routes answer it (implemented by features/plans, which alone knows it):
 * billing's provider routes answer with it after handing their event over.
 */
export abstract class SubscriptionDetailsReader {
  abstract details(userId: string): Promise<SubscriptionDetails>;
}
