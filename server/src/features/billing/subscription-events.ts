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

/**
 * Where billing's provider webhooks hand subscription events: to the plan life cycle, which registers itself here
 * (features/plans), so billing never imports plans and no module needs to be global.
 */
export class SubscriptionEventHandler {
  private handler: ((event: ProviderSubscriptionEvent) => Promise<void>) | undefined;

  register(handler: (event: ProviderSubscriptionEvent) => Promise<void>): void {
    if (this.handler) throw new Error('subscription events already have a handler');
    this.handler = handler;
  }

  handle(event: ProviderSubscriptionEvent): Promise<void> {
    if (!this.handler) return Promise.reject(new Error('no handler is registered for subscription events'));
    return this.handler(event);
  }
}
