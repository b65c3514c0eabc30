/**
 * What a payment provider that bills a subscription itself (PayPal, Stripe) reports through its verified webhooks.
 * Events arrive late, twice and out of order, so none carries a state to apply: the plan life cycle (features/plans)
 * reads the subscription back from the provider and follows what the provider says now.
 */
export type ProviderSubscriptionEvent =
  /** Something happened to the subscription (started, renewed, failed, ended): read it back. */
  | { type: 'changed'; provider: string; subscriptionId: string; eventId: string }
  /** A charge of the subscription went through (first payment or renewal): one ledger row per `reference`. */
  | {
      type: 'paid';
      provider: string;
      subscriptionId: string;
      eventId: string;
      amount: number;
      currency: string;
      reference: string;
    };

/** The plan life cycle's side of provider events (implemented by features/plans). */
export abstract class SubscriptionEventHandler {
  abstract handle(event: ProviderSubscriptionEvent): Promise<void>;
}
