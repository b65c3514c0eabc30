import { describe, expect, it } from 'vitest';
import { brandName, cardExpiry, cardLabel } from './card-on-file';

const card = { brand: 'visa', last4: '4242', expMonth: 3, expYear: 2039 };

describe('card on file', () => {
  it('names the brand and the last 4 digits', () => {
    expect(cardLabel(card)).toBe('Visa ending in 4242');
    expect(brandName('amex')).toBe('American Express');
    expect(brandName('unionpay')).toBe('Unionpay');
  });

  it('writes the expiry as MM/YY', () => {
    expect(cardExpiry(card)).toBe('03/39');
  });
});
