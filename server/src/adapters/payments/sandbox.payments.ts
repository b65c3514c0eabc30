import { randomBytes } from 'node:crypto';
import type { CardDetails, CheckoutRequest, SavedCard } from './payment.port.js';
import { CardDeclinedError, PaymentPort } from './payment.port.js';

/** The test card numbers payment providers use for "declined". */
const DECLINED_TEST_CARDS = new Set(['4000000000000002', '4000000000009995']);

/** Brand by the card number's leading digits. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'card';
}

/**
 * The test-mode provider: checkout is a page of our own server (`/api/payments/sandbox/checkout/{jobId}`) with
 * Pay, Cancel and Decline buttons; no money moves. Saved cards get a random token; the usual "declined" test
 * numbers are refused.
 */
export class SandboxPayments extends PaymentPort {
  readonly provider = 'sandbox';
  readonly isSandbox = true;

  constructor(private readonly appUrl: string) {
    super();
  }

  async checkoutUrl(request: CheckoutRequest): Promise<string> {
    return `${this.appUrl}/api/payments/sandbox/checkout/${encodeURIComponent(request.jobId)}`;
  }

  async saveCard(card: CardDetails): Promise<SavedCard> {
    if (DECLINED_TEST_CARDS.has(card.number)) throw new CardDeclinedError('card declined');
    return { token: `sandbox_card_${randomBytes(12).toString('hex')}`, brand: cardBrand(card.number), last4: card.number.slice(-4) };
  }
}
