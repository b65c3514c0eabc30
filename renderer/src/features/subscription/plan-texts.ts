import { BILLING_PERIOD_DAYS, STORAGE_LIMIT_BYTES, SUBSCRIPTION_PRICE_USD, TRIAL_DAYS } from '@shrinkly/contract';
import { formatBytes } from '../../format/format-bytes';
import { formatMoney } from '../../format/format-money';

/** "$3.99/month". */
export const PRICE_PER_MONTH = `${formatMoney(SUBSCRIPTION_PRICE_USD)}/month`;

/** The trial card step's terms checkbox (docs/product/SPEC.md §5 "Trial card step"). */
export const TRIAL_TERMS = `I agree to be charged ${PRICE_PER_MONTH} after the ${TRIAL_DAYS}-day free trial. I can cancel anytime before the trial ends and will not be charged.`;

/** The toast after the trial starts (docs/product/SPEC.md §8 "Auth"). */
export const TRIAL_STARTED = {
  title: 'Trial Started!',
  message: `Your ${TRIAL_DAYS}-day free trial has begun. You'll be charged ${PRICE_PER_MONTH} after the trial ends.`,
};

export const TRIAL_SETUP_FAILED = 'Failed to set up trial subscription';

const SHARED_FEATURES = [`${formatBytes(STORAGE_LIMIT_BYTES)} cloud storage`, 'Unlimited file compression', 'Premium algorithms'];

/** The two variants of /subscription-success (docs/product/SPEC.md §2, SUB-13 and SUB-14). */
export const SUCCESS_VARIANTS = {
  premium: {
    title: 'Welcome to Premium!',
    price: PRICE_PER_MONTH,
    priceNote: `Next billing in ${BILLING_PERIOD_DAYS} days`,
    features: [...SHARED_FEATURES, 'Priority support'],
  },
  trial: {
    title: 'Free Trial Started!',
    price: `Free for ${TRIAL_DAYS} days`,
    priceNote: `Then ${PRICE_PER_MONTH}`,
    features: [...SHARED_FEATURES, 'Cancel anytime before trial ends'],
  },
} as const;

export type SuccessPlan = keyof typeof SUCCESS_VARIANTS;
