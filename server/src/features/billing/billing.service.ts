import { CURRENCY } from '@shrinkly/contract';
import {
  CardDeclinedError,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentPort,
  ProviderUnavailableError,
  type Purchase,
} from '../../adapters/payments/payment.port.js';
import { NotFoundError } from '../../common/errors.js';
import type { PaymentRepository } from './payment.repository.js';

/** What a purchase costs and where the payer returns to after the checkout, per outcome. */
export interface PurchaseTerms {
  amount: number;
  currency: string;
  description: string;
  /** The owner's id, kept with the ledger row; null for a visitor. */
  userId: string | null;
  /** The provider's own checkout bound to the purchase (the PayPal order made for it), once there is one. */
  checkoutReference: string | null;
  returnTo: { paid: (providerReference: string) => string; canceled: string; declined: string; failed: string };
}

/**
 * Delivers what was bought, for one kind of purchase: the capability that sells it registers one with billing.
 * Billing calls it; it never calls billing back.
 */
export interface Fulfilment {
  /** The terms of a purchase still waiting for payment, or undefined when there is none to pay. */
  terms(id: string): Promise<PurchaseTerms | undefined>;
  /**
   * Binds the provider's checkout `reference` to the purchase in place of `replacing` (null: none bound yet), only
   * if that one is still bound; answers the one bound afterwards.
   */
  bindCheckout(id: string, reference: string, replacing: string | null): Promise<string | null>;
  /** The payment is recorded: deliver (idempotent: a repeated event delivers nothing more). */
  fulfil(id: string): Promise<void>;
}

/** What a charge of a plan's card on file came to: paid, declined, or claimed already by another request or process. */
export type PlanChargeOutcome =
  | { outcome: 'paid'; reference: string }
  | { outcome: 'declined' }
  | { outcome: 'claimed-elsewhere' };

/**
 * The billing boundary: checkout links, the payments ledger, and the hand-over of each completed payment to the
 * fulfilment of what was bought. Payment providers' events (the sandbox checkout page today, webhooks later) come here.
 */
export class BillingService {
  private readonly fulfilments = new Map<Purchase['kind'], Fulfilment>();

  constructor(
    private readonly ledger: PaymentRepository,
    private readonly payments: PaymentPort,
  ) {}

  register(kind: Purchase['kind'], fulfilment: Fulfilment): void {
    if (this.fulfilments.has(kind)) throw new Error(`purchases of ${kind} already have a fulfilment`);
    this.fulfilments.set(kind, fulfilment);
  }

  get provider(): string {
    return this.payments.provider;
  }

  get isSandbox(): boolean {
    return this.payments.isSandbox;
  }

  /** The URL the payer opens to pay. */
  checkoutUrl(request: CheckoutRequest): Promise<string> {
    return this.payments.checkout.checkoutUrl(request);
  }

  /**
   * One charge of a plan's card on file, at most once per `claimKey` whatever runs it: the ledger row is claimed
   * first (unique per account and key), then the provider asked with the same key as its idempotency key. A declined
   * card is a failed ledger row; a provider that cannot be reached releases the claim (ProviderUnavailableError), so
   * a later try may charge. A claim left unsettled (its process died while the provider was asked, which may have
   * charged) is finished first, under its own key: the provider answers what it did then, or charges once now.
   * Callers hold the plan (nothing else charges it meanwhile).
   */
  async chargePlan(request: {
    userId: string;
    cardToken: string;
    amount: number;
    claimKey: string;
    description: string;
    period: { start: Date; end: Date };
  }): Promise<PlanChargeOutcome> {
    const cards = this.payments.cards;
    if (!cards) throw new Error(`${this.payments.provider} keeps no card on file that we charge`);
    const { userId, amount } = request;
    const claim =
      (await this.ledger.unsettledClaimOf(userId)) ??
      (await this.ledger.claim({
        kind: 'subscription',
        amount,
        currency: CURRENCY,
        userId,
        provider: this.payments.provider,
        providerReference: `claim-${userId}-${request.claimKey}`,
        periodKey: request.claimKey,
      }));
    if (!claim) return { outcome: 'claimed-elsewhere' };
    try {
      const { reference } = await cards.charge({
        cardToken: request.cardToken,
        amount,
        currency: CURRENCY,
        description: request.description,
        period: request.period,
        idempotencyKey: `${userId}:${claim.periodKey}`,
      });
      await this.ledger.settle(claim.id, 'succeeded', reference);
      return { outcome: 'paid', reference };
    } catch (err) {
      if (err instanceof CardDeclinedError) {
        await this.ledger.settle(claim.id, 'failed');
        return { outcome: 'declined' };
      }
      if (err instanceof ProviderUnavailableError) await this.ledger.release(claim.id);
      throw err;
    }
  }

  /** A charge a provider made of a plan it bills, recorded once by its reference: true when it was not recorded yet. */
  async recordPlanCharge(charge: {
    userId: string;
    provider: string;
    reference: string;
    amount: number;
    currency: string;
  }): Promise<boolean> {
    const row = await this.ledger.record({
      kind: 'subscription',
      amount: charge.amount,
      currency: charge.currency,
      userId: charge.userId,
      provider: charge.provider,
      providerReference: charge.reference,
      periodKey: `${charge.provider}:${charge.reference}`,
    });
    return row !== undefined;
  }

  /** What the checkout of a purchase shows; not found when it is not waiting for payment. */
  async terms(purchase: Purchase): Promise<PurchaseTerms> {
    const terms = await this.fulfilmentOf(purchase.kind).terms(purchase.id);
    if (!terms) throw new NotFoundError('Not found');
    return terms;
  }

  /**
   * Binds the provider's checkout of a purchase (the PayPal order made for it) in place of `replacing`, unless another
   * request bound a different one first: answers the one bound now, the only one ever captured for the purchase.
   */
  bindCheckout(purchase: Purchase, reference: string, replacing: string | null): Promise<string | null> {
    return this.fulfilmentOf(purchase.kind).bindCheckout(purchase.id, reference, replacing);
  }

  /** The provider's reference of the payment recorded for a purchase, if it is paid. */
  async paymentOf(purchase: Purchase): Promise<string | undefined> {
    return (await this.ledger.findByJob(purchase.id))?.providerReference;
  }

  /** A completed payment: recorded once in the ledger, then handed to the fulfilment of what it bought. */
  async paid(event: PaymentEvent): Promise<void> {
    const fulfilment = this.fulfilmentOf(event.purchase.kind);
    await this.ledger.record({
      kind: event.purchase.kind,
      amount: event.amount,
      currency: event.currency,
      userId: event.userId,
      jobId: event.purchase.kind === 'compression' ? event.purchase.id : null,
      provider: event.provider,
      providerReference: event.providerReference,
    });
    await fulfilment.fulfil(event.purchase.id);
  }

  /** The sandbox's "payment succeeded" without the checkout page; not found with any real provider. */
  async simulatePaid(purchase: Purchase): Promise<void> {
    if (!this.payments.isSandbox) throw new NotFoundError('Not found');
    const terms = await this.fulfilmentOf(purchase.kind).terms(purchase.id);
    if (!terms) return;
    await this.paid({
      purchase,
      amount: terms.amount,
      currency: terms.currency,
      userId: terms.userId,
      provider: this.payments.provider,
      providerReference: `sandbox-simulated-${purchase.id}`,
    });
  }

  private fulfilmentOf(kind: Purchase['kind']): Fulfilment {
    const fulfilment = this.fulfilments.get(kind);
    if (!fulfilment) throw new Error(`no fulfilment registered for purchases of ${kind}`);
    return fulfilment;
  }
}
