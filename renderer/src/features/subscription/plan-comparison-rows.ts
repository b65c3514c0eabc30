import {
  BATCH_MAX_FILES,
  FREE_COMPRESSION_LIMIT_BYTES,
  MAX_FILE_SIZE_BYTES,
  PAY_PER_FILE_PRICE_USD,
  STORAGE_LIMIT_BYTES,
  TEMPORARY_FILE_TTL_MS,
} from '@shrinkly/contract';
import { formatBytes } from '../../format/format-bytes';
import { formatMoney } from '../../format/format-money';
import { PRICE_PER_MONTH } from './plan-texts';

export interface ComparisonRow {
  feature: string;
  free: string;
  premium: string;
}

const HOUR_MS = 60 * 60 * 1000;
const freeLimit = formatBytes(FREE_COMPRESSION_LIMIT_BYTES);

/** Free against Premium, every figure from the contract's constants. */
export const PLAN_COMPARISON: readonly ComparisonRow[] = [
  { feature: 'Price', free: formatMoney(0), premium: PRICE_PER_MONTH },
  {
    feature: 'Free compression',
    free: `Files under ${freeLimit}`,
    premium: `All sizes up to ${formatBytes(MAX_FILE_SIZE_BYTES)}`,
  },
  { feature: `Files of ${freeLimit} or more`, free: `${formatMoney(PAY_PER_FILE_PRICE_USD)} per file`, premium: 'Included' },
  {
    feature: 'Cloud storage',
    free: `None (files kept ${TEMPORARY_FILE_TTL_MS / HOUR_MS} hours)`,
    premium: formatBytes(STORAGE_LIMIT_BYTES),
  },
  { feature: 'Batch compression', free: 'Not included', premium: `Up to ${BATCH_MAX_FILES} files at once` },
  { feature: 'Priority processing', free: 'Not included', premium: 'Included' },
  { feature: 'Premium algorithms', free: 'Not included', premium: 'Included' },
  { feature: 'Advanced analytics', free: 'Not included', premium: 'Included' },
  { feature: 'Support', free: 'Email', premium: 'Priority/email support' },
];
