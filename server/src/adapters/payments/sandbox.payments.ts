import { randomBytes } from 'node:crypto';
import type { Clock } from '../../common/clock.js';
import type { Database } from '../../db/client.js';
import { CheckoutLinkSigner } from './checkout-link.js';
import type { CardDetails, CardOnFile, ChargeRequest, CheckoutRequest, HostedCheckout, SavedCard } from './payment.port.js';
import { CardDeclinedError, PaymentPort } from './payment.port.js';
import { SandboxPaypal } from './sandbox-paypal.js';

/** The test card numbers payment providers use for "declined". */
const DECLINED_TEST_CARDS = new Set(['4000000000000002', '4000000000009995']);
/** Saved without trouble, declined at every charge (Stripe's "attaches, then fails"): drives failed renewals. */
const FAILS_AT_CHARGE_TEST_CARDS = new Set(['4000000000000341']);

/** Brand by the card number's leading digits. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'card';
}

/** Test cards: saved with a random token; the usual "declined" numbers refused, one number saved to fail at charge. */
export class SandboxCards implements CardOnFile {
  async saveCard(card: CardDetails): Promise<SavedCard> {
    if (DECLINED_TEST_CARDS.has(card.number)) throw new CardDeclinedError('card declined');
    const kind = FAILS_AT_CHARGE_TEST_CARDS.has(card.number) ? 'fails' : 'card';
    return {
      token: `sandbox_${kind}_${randomBytes(12).toString('hex')}`,
      brand: cardBrand(card.number),
      last4: card.number.slice(-4),
    };
  }

  /** Every saved card pays, except the one saved to fail at charge. The reference follows the idempotency key. */
  async charge(request: ChargeRequest): Promise<{ reference: string }> {
    if (request.cardToken.startsWith('sandbox_fails_')) throw new CardDeclinedError('card declined at charge');
    return { reference: `sandbox-charge-${request.idempotencyKey}` };
  }
}

/**
 * The checkout page of our own server (`/api/payments/sandbox/checkout/{jobId}?sig=…`) with Pay, Cancel and Decline
 * buttons. The signature stands for the job's owner, who alone is given the link, so nobody else can open the page
 * for a job they only know the id of (a signed-in user's job, say).
 */
export class SandboxCheckout implements HostedCheckout {
  constructor(
    private readonly appUrl: string,
    private readonly links: CheckoutLinkSigner,
  ) {}

  /** The checkout page's own path, signed: where its form posts. */
  checkoutPath(jobId: string): string {
    return `/api/payments/sandbox/checkout/${encodeURIComponent(jobId)}?sig=${this.links.sign(jobId)}`;
  }

  async checkoutUrl(request: CheckoutRequest): Promise<string> {
    return `${this.appUrl}${this.checkoutPath(request.purchase.id)}`;
  }

  /** True when `sig` is the one this job's checkout link carries. */
  verifyCheckout(jobId: string, sig: string | undefined): boolean {
    return this.links.verify(jobId, sig);
  }
}

/**
 * The test-mode provider, the embedded default: no money moves, and every flow a user can take is there. Cards on
 * file that our scheduler charges (test card numbers), a checkout page for paid files, and a test-mode PayPal whose
 * subscriptions the payer approves on a page of our own and which bills them itself (SandboxPaypal).
 */
export class SandboxPayments extends PaymentPort {
  readonly provider = 'sandbox';
  readonly isSandbox = true;
  override readonly cards = new SandboxCards();
  override readonly checkout: SandboxCheckout;
  override readonly approvalPlans: SandboxPaypal;
  override readonly testMode: { checkout: SandboxCheckout; approval: SandboxPaypal };

  constructor(options: { appUrl: string; linkSecret: string; db: Database; clock: Clock }) {
    super();
    this.checkout = new SandboxCheckout(options.appUrl, new CheckoutLinkSigner(options.linkSecret, 'sandbox-checkout'));
    this.approvalPlans = new SandboxPaypal(
      options.db,
      options.clock,
      options.appUrl,
      new CheckoutLinkSigner(options.linkSecret, 'sandbox-paypal'),
    );
    this.testMode = { checkout: this.checkout, approval: this.approvalPlans };
  }
}
