import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePaypalActivateSubscription } from './api';
import { showActivationError, showPaymentCancelled } from './subscription-errors';

/**
 * Back on /subscribe from PayPal: `?subscription_id=` after approval activates the subscription (once), and
 * `?paypal=cancelled` says the payer turned back. The query is then dropped, so a reload does not repeat it.
 */
export function usePaypalReturn(signedIn: boolean, onActivated: () => void): { activating: boolean } {
  const [searchParams, setSearchParams] = useSearchParams();
  const activate = usePaypalActivateSubscription(onActivated);
  const handled = useRef(false);
  const subscriptionId = searchParams.get('subscription_id');
  const cancelled = searchParams.get('paypal') === 'cancelled';

  useEffect(() => {
    if (handled.current || !signedIn || (!subscriptionId && !cancelled)) return;
    handled.current = true;
    const dropQuery = () =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of ['subscription_id', 'ba_token', 'token', 'paypal']) next.delete(key);
          return next;
        },
        { replace: true },
      );
    if (!subscriptionId) {
      showPaymentCancelled();
      return dropQuery();
    }
    activate.mutate(subscriptionId, {
      onError: (error) => {
        showActivationError(error);
        dropQuery();
      },
    });
  }, [activate, cancelled, setSearchParams, signedIn, subscriptionId]);

  return { activating: activate.isPending };
}
