import { ApiError } from '@shrinkly/contract';

/** SPEC section 8: a message with 'Premium subscription required' or '402' leads to the upgrade card. */
export function isPremiumRequired(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 402) return true;
  const message = error instanceof Error ? error.message : '';
  return message.includes('Premium subscription required') || message.includes('402');
}
