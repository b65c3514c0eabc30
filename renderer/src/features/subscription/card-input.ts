import { CARD_CVV_MAX_LENGTH, CARD_EXPIRY_MAX_LENGTH, CARD_NUMBER_MAX_LENGTH, type CreditCard } from '@shrinkly/contract';

/** The card form's four fields as typed (docs/product/SPEC.md §3 "Credit-card form"). */
export type CardFields = CreditCard;

export const EMPTY_CARD: CardFields = { cardholderName: '', cardNumber: '', expiryDate: '', cvv: '' };

/** Card number as the field shows it: digits only, at most CARD_NUMBER_MAX_LENGTH, grouped by 4 ("4242 4242 4242 4242"). */
export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_LENGTH);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Expiry as MM/YY: digits only, the slash added after the month (at most CARD_EXPIRY_MAX_LENGTH characters). */
export function formatExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, CARD_EXPIRY_MAX_LENGTH - 1);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** CVV: digits only, at most CARD_CVV_MAX_LENGTH. */
export function formatCvv(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, CARD_CVV_MAX_LENGTH);
}

/** The shown width of a grouped card number of the longest kind: its digits plus a space between groups of 4. */
export const CARD_NUMBER_FIELD_LENGTH = CARD_NUMBER_MAX_LENGTH + Math.floor((CARD_NUMBER_MAX_LENGTH - 1) / 4);
