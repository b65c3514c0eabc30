import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature a checkout link carries: it stands for the purchase's owner, who alone is given the link, so nobody
 * else opens the checkout of a job they only know the id of. Each provider signs under its own label.
 */
export class CheckoutLinkSigner {
  constructor(
    private readonly secret: string,
    private readonly label: string,
  ) {}

  sign(purchaseId: string): string {
    return createHmac('sha256', this.secret).update(`${this.label}:${purchaseId}`).digest('base64url');
  }

  /** True when `sig` is the one this purchase's checkout link carries. */
  verify(purchaseId: string, sig: string | undefined): boolean {
    if (!sig) return false;
    const expected = Buffer.from(this.sign(purchaseId));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
