import { ApiError } from '@shrinkly/contract';
import { hasErrorCode } from '../../api/api-error';

/** ERR-10: a refusal for want of Premium (402, or its code) leads to the upgrade card. */
export function isPremiumRequired(error: unknown): boolean {
  return hasErrorCode(error, 'premiumRequired') || (error instanceof ApiError && error.status === 402);
}
