import { describe, expect, it } from 'vitest';
import { EMPTY_CARD } from './card-input';
import {
  EMPTY_HOSTED_CARD,
  FILL_ALL_CARD_FIELDS_MESSAGE,
  firstCardProblem,
  firstHostedCardProblem,
  TERMS_REQUIRED_MESSAGE,
} from './card-validation';

const GOOD = { cardholderName: 'Robin Tester', cardNumber: '4242 4242 4242 4242', expiryDate: '12/39', cvv: '123' };

describe('firstCardProblem', () => {
  it('asks for the trial terms first, then all four fields', () => {
    expect(firstCardProblem(EMPTY_CARD, { termsAccepted: false })).toBe(TERMS_REQUIRED_MESSAGE);
    expect(firstCardProblem(EMPTY_CARD, { termsAccepted: true })).toBe(FILL_ALL_CARD_FIELDS_MESSAGE);
    expect(firstCardProblem({ ...GOOD, cvv: ' ' })).toBe(FILL_ALL_CARD_FIELDS_MESSAGE);
  });

  it("applies the server's checks: number, expiry, CVV", () => {
    expect(firstCardProblem({ ...GOOD, cardNumber: '4242 4242 4242 4241' })).toBe('Card number is not valid');
    expect(firstCardProblem({ ...GOOD, cardNumber: '4242 42' })).toBe('Card number must be 12 to 19 digits');
    expect(firstCardProblem({ ...GOOD, expiryDate: '13/39' })).toBe('Expiry date must be MM/YY');
    expect(firstCardProblem({ ...GOOD, cvv: '12' })).toBe('CVV must be 3 or 4 digits');
  });

  it('passes a good card, with or without terms', () => {
    expect(firstCardProblem(GOOD)).toBeNull();
    expect(firstCardProblem(GOOD, { termsAccepted: true })).toBeNull();
  });
});

describe('firstHostedCardProblem', () => {
  const TYPED = { empty: false, complete: true, error: null };

  it("keeps the specified order with the hosted card field: terms, then name and card filled in, then the field's complaint", () => {
    expect(firstHostedCardProblem('', EMPTY_HOSTED_CARD, { termsAccepted: false })).toBe(TERMS_REQUIRED_MESSAGE);
    expect(firstHostedCardProblem('', TYPED, { termsAccepted: true })).toBe(FILL_ALL_CARD_FIELDS_MESSAGE);
    expect(firstHostedCardProblem('Robin', EMPTY_HOSTED_CARD, { termsAccepted: true })).toBe(FILL_ALL_CARD_FIELDS_MESSAGE);
    const invalid = { empty: false, complete: false, error: 'Your card number is invalid.' };
    expect(firstHostedCardProblem('Robin', invalid, { termsAccepted: true })).toBe('Your card number is invalid.');
    expect(firstHostedCardProblem('Robin', { ...TYPED, complete: false }, { termsAccepted: true })).toBe(
      FILL_ALL_CARD_FIELDS_MESSAGE,
    );
  });

  it('passes a name and a complete card', () => {
    expect(firstHostedCardProblem('Robin', TYPED, { termsAccepted: true })).toBeNull();
  });
});
