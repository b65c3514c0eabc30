import { z } from 'zod';
import { CARD_CVV_MAX_LENGTH, CARD_EXPIRY_MAX_LENGTH, CARD_NUMBER_MAX_LENGTH, NAME_MAX_LENGTH } from './constants.js';

const FILL_ALL = 'Please fill in all credit card fields';

/** Luhn checksum of a card number's digits. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/**
 * The card of the trial step (SPEC section 3 "Credit-card form"). The number may arrive grouped by 4 with spaces,
 * as the form shows it; the expiry is MM/YY. The card itself is never stored: only its brand, last 4 and expiry.
 */
export const creditCardSchema = z.object({
  cardholderName: z.string({ error: FILL_ALL }).trim().min(1, FILL_ALL).max(NAME_MAX_LENGTH, 'Cardholder name is too long'),
  cardNumber: z
    .string({ error: FILL_ALL })
    .max(CARD_NUMBER_MAX_LENGTH + 4, 'Card number is too long')
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().min(1, FILL_ALL).regex(/^\d{12,19}$/, 'Card number must be 12 to 19 digits').refine(passesLuhn, 'Card number is not valid')),
  expiryDate: z
    .string({ error: FILL_ALL })
    .trim()
    .min(1, FILL_ALL)
    .max(CARD_EXPIRY_MAX_LENGTH, 'Expiry date must be MM/YY')
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Expiry date must be MM/YY'),
  cvv: z.string({ error: FILL_ALL }).trim().min(1, FILL_ALL).regex(/^\d{3,4}$/, 'CVV must be 3 or 4 digits').max(CARD_CVV_MAX_LENGTH),
});
export type CreditCard = z.input<typeof creditCardSchema>;

export const setupTrialRequestSchema = z.object({ creditCard: creditCardSchema });
