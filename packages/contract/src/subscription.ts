import { z } from 'zod';
import { planSchema, subscriptionStatusSchema } from './auth.js';
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
 * The card of the trial step (SPEC.md §3 "Credit-card form"). The number may arrive grouped by 4 with spaces,
 * as the form shows it; the expiry is MM/YY. The card itself is never stored: only its brand, last 4 and expiry.
 */
export const creditCardSchema = z.object({
  cardholderName: z.string({ error: FILL_ALL }).trim().min(1, FILL_ALL).max(NAME_MAX_LENGTH, 'Cardholder name is too long'),
  cardNumber: z
    .string({ error: FILL_ALL })
    .max(CARD_NUMBER_MAX_LENGTH + 4, 'Card number is too long')
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, FILL_ALL)
        .regex(/^\d{12,19}$/, 'Card number must be 12 to 19 digits')
        .refine(passesLuhn, 'Card number is not valid'),
    ),
  expiryDate: z
    .string({ error: FILL_ALL })
    .trim()
    .min(1, FILL_ALL)
    .max(CARD_EXPIRY_MAX_LENGTH, 'Expiry date must be MM/YY')
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Expiry date must be MM/YY'),
  cvv: z
    .string({ error: FILL_ALL })
    .trim()
    .min(1, FILL_ALL)
    .regex(/^\d{3,4}$/, 'CVV must be 3 or 4 digits')
    .max(CARD_CVV_MAX_LENGTH),
});
export type CreditCard = z.input<typeof creditCardSchema>;

/**
 * POST /api/subscription/setup-trial: the card typed into SPEC's form (the sandbox provider), or, with Stripe, the
 * payment method Stripe.js made from its own card fields (the card never reaches our server).
 */
export const setupTrialRequestSchema = z
  .object({
    creditCard: creditCardSchema.optional(),
    paymentMethodId: z
      .string()
      .regex(/^pm_\w{1,200}$/, 'paymentMethodId is not valid')
      .optional(),
  })
  .refine((body) => body.creditCard !== undefined || body.paymentMethodId !== undefined, {
    message: 'creditCard is required',
    path: ['creditCard'],
  });

/**
 * POST /api/subscription/subscribe: premium now; the card on file is charged unless a new card is given (typed, for
 * the sandbox; or, with Stripe, the payment method Stripe.js made from its own card fields).
 */
export const subscribeRequestSchema = z.object({
  creditCard: creditCardSchema.optional(),
  paymentMethodId: z
    .string()
    .regex(/^pm_\w{1,200}$/, 'paymentMethodId is not valid')
    .optional(),
});

/** The card on file, as receipts show it: never the number or CVV. */
export const cardOnFileSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});

/** GET /api/subscription: the account's plan as /settings shows it (SPEC.md §2 "Account settings"). */
export const subscriptionDetailsSchema = z.object({
  plan: planSchema,
  status: subscriptionStatusSchema,
  /** Who bills the plan: our own scheduler charging the card on file (sandbox), or PayPal / Stripe. */
  provider: z.string().nullable(),
  /** The payment provider this server takes new subscriptions and cards with: 'sandbox', 'paypal' or 'stripe'. */
  checkoutProvider: z.string(),
  /**
   * How this server takes a new subscription: a card typed into our form (`form`, the sandbox), into the provider's
   * own card fields (`stripe`), or none; `paypal`: the PayPal approval flow (PayPal, and the sandbox's test-mode one).
   */
  paymentMethods: z.object({ card: z.enum(['form', 'stripe']).nullable(), paypal: z.boolean() }),
  trialEndDate: z.string().nullable().describe('ISO 8601; the end of the trial, when there is or was one'),
  nextBillingDate: z.string().nullable().describe('ISO 8601; the next charge, null when none will be made'),
  accessEndsAt: z.string().nullable().describe('ISO 8601; canceled or past due: when premium access ends'),
  price: z.number().describe('USD per month'),
  card: cardOnFileSchema.nullable(),
  canCancel: z.boolean(),
  canReactivate: z.boolean(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;

/** POST /api/paypal/create-subscription (SUB-04). */
export const paypalCreateRequestSchema = z.object({ userEmail: z.string(), userName: z.string() });
export const paypalCreateResponseSchema = z.object({
  id: z.string().describe('the PayPal subscription id'),
  approvalUrl: z.string().nullable().describe('where the payer approves the subscription at PayPal'),
});
export const paypalActivateRequestSchema = z.object({ subscriptionId: z.string().min(1, 'subscriptionId is required').max(100) });
