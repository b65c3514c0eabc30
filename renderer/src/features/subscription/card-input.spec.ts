import { describe, expect, it } from 'vitest';
import { CARD_NUMBER_FIELD_LENGTH, formatCardNumber, formatCvv, formatExpiry } from './card-input';

describe('card input', () => {
  it('groups the card number by 4, keeps digits only and stops at 19 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a42')).toBe('4242 4242');
    expect(formatCardNumber('1234 5678 9012 3456 7890 12')).toBe('1234 5678 9012 3456 789');
    expect(formatCardNumber('1234 5678 9012 3456 789')).toHaveLength(CARD_NUMBER_FIELD_LENGTH);
    expect(formatCardNumber('4242 ')).toBe('4242');
  });

  it.each([
    ['1', '1'],
    ['12', '12'],
    ['123', '12/3'],
    ['12/39', '12/39'],
    ['12399', '12/39'],
  ])('writes the expiry %s as MM/YY in at most 5 characters: %s', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });

  it('keeps at most 4 CVV digits', () => {
    expect(formatCvv('12a34 5')).toBe('1234');
  });
});
