import {
  BILLING_PERIOD_DAYS,
  PAID_DOWNLOAD_TTL_MS,
  PAY_PER_FILE_PRICE_PHP,
  PAY_PER_FILE_PRICE_USD,
  STORAGE_LIMIT_BYTES,
  SUBSCRIPTION_PRICE_USD,
  TRIAL_DAYS,
} from '@shrinkly/contract';
import { formatBytes } from '../../format/format-bytes';
import { formatHours } from '../../format/format-duration';
import { formatMoney } from '../../format/format-money';

/** Premium's monthly price: "$3.99". */
export const PREMIUM_PRICE = formatMoney(SUBSCRIPTION_PRICE_USD);

/** "$3.99/month". */
export const PRICE_PER_MONTH = `${PREMIUM_PRICE}/month`;

/** What one large file costs without Premium, in dollars ("$1.00") and in pesos. */
export const PAY_PER_FILE_PRICE = formatMoney(PAY_PER_FILE_PRICE_USD);
export const PAY_PER_FILE_PRICE_IN_PHP = formatMoney(PAY_PER_FILE_PRICE_PHP, 'PHP');

/** How long a paid file's download link works: "1 hour". */
export const PAID_LINK_LIFETIME = formatHours(PAID_DOWNLOAD_TTL_MS);

/** The storage of a trial or Premium: "10GB". */
export const STORAGE_SIZE = formatBytes(STORAGE_LIMIT_BYTES);

/** The trial card step's terms checkbox (docs/product/SPEC.md §5 "Trial card step"). */
export const TRIAL_TERMS = `I agree to be charged ${PRICE_PER_MONTH} after the ${TRIAL_DAYS}-day free trial. I can cancel anytime before the trial ends and will not be charged.`;

/** The toast after the trial starts (docs/product/SPEC.md §8 "Auth"). */
export const TRIAL_STARTED = {
  title: 'Trial Started!',
  message: `Your ${TRIAL_DAYS}-day free trial has begun. You'll be charged ${PRICE_PER_MONTH} after the trial ends.`,
};

export const TRIAL_SETUP_FAILED = 'Failed to set up trial subscription';

const SHARED_FEATURES = [`${STORAGE_SIZE} cloud storage`, 'Unlimited file compression', 'Premium algorithms'];

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
