import { ApiError, SUPPORT_EMAIL } from '@shrinkly/contract';
import { showErrorToast } from '../../components/toasts';
import { messageOf } from '../account/auth-errors';

/**
 * A refused subscription (docs/product/SPEC.md §8 "Dashboard and subscription"): a card the provider refused (402) is a
 * Payment Error in the provider's words; anything else is a Subscription Error that points to support.
 */
export function showSubscribeError(error: unknown): void {
  if (error instanceof ApiError && error.status === 402) {
    showErrorToast(error.serverMessage, 'Payment Error');
    return;
  }
  const detail = error instanceof ApiError ? error.serverMessage : messageOf(error);
  showErrorToast(
    `${detail ?? 'Something went wrong'}. If this keeps happening, please contact ${SUPPORT_EMAIL}.`,
    'Subscription Error',
  );
}

/** PayPal would not make a subscription to approve. */
export function showCreateSubscriptionError(): void {
  showErrorToast('Failed to create subscription');
}

/** Back from PayPal, the approved subscription could not be activated. */
export function showActivationError(error: unknown): void {
  showErrorToast(messageOf(error) ?? 'Your subscription could not be activated. Please try again.', 'Subscription Failed');
}

/** Back from PayPal without approving. */
export function showPaymentCancelled(): void {
  showErrorToast('You cancelled the payment at PayPal. You have not been charged.', 'Payment Cancelled');
}
