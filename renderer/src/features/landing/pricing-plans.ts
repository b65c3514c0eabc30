import { CURRENCY, FREE_COMPRESSION_LIMIT_BYTES, MAX_FILE_SIZE_BYTES, pages, TRIAL_DAYS } from '@shrinkly/contract';
import { formatBytes } from '../../format/format-bytes';
import { formatMoney } from '../../format/format-money';
import {
  PAID_LINK_LIFETIME,
  PAY_PER_FILE_PRICE,
  PAY_PER_FILE_PRICE_IN_PHP,
  PREMIUM_PRICE,
  STORAGE_SIZE,
} from '../subscription/plan-texts';

export interface PricingPlan {
  id: 'free' | 'trial' | 'premium';
  name: string;
  price: string;
  priceNote: string;
  description: string;
  features: string[];
  action: { label: string; to: string; signUp?: boolean };
  highlighted?: boolean;
}

const freeLimit = formatBytes(FREE_COMPRESSION_LIMIT_BYTES);

/** The three plans of docs/product/SPEC.md §1, every number from the contract. */
export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    id: 'free',
    name: 'Free',
    price: formatMoney(0),
    priceNote: 'pay only for large files',
    description: 'Compress and convert small files without an account.',
    features: [
      `Files under ${freeLimit} compressed free`,
      `Files of ${freeLimit} or more: ${PAY_PER_FILE_PRICE} ${CURRENCY} per file (≈ ${PAY_PER_FILE_PRICE_IN_PHP}), or included with Premium`,
      'Pay-per-file with no registration',
      `Download link valid for ${PAID_LINK_LIFETIME}`,
      `${freeLimit} file limit`,
      'No storage',
    ],
    action: { label: 'Try the Free Converter', to: pages.converter },
  },
  {
    id: 'trial',
    name: 'Free Trial',
    price: 'Free',
    priceNote: `for ${TRIAL_DAYS} days`,
    description: 'Everything you need to try Shrinkly with your own files.',
    features: [
      `${STORAGE_SIZE} storage`,
      'Compression',
      'Converter',
      'Folder management',
      'All formats',
      'Cancel during the trial with no charge',
    ],
    action: { label: 'Start Free Trial', to: pages.auth, signUp: true },
    highlighted: true,
  },
  {
    id: 'premium',
    name: 'Premium',
    price: PREMIUM_PRICE,
    priceNote: '/month after the trial',
    description: 'Unlimited compression for people who work with big files.',
    features: [
      'Everything in the Free Trial',
      'Unlimited compression for all sizes',
      'Priority processing',
      'Advanced analytics',
      `${STORAGE_SIZE} cloud storage`,
      'Premium algorithms',
      'Priority email support',
      `${formatBytes(MAX_FILE_SIZE_BYTES)} per-file limit`,
    ],
    action: { label: 'Upgrade to Premium', to: pages.authToUpgrade },
  },
];
