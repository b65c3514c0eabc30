import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { StripeCardFieldProps } from './stripe-card-field';

/** Stripe.js and its field load only on a server whose payment provider is Stripe. */
const StripeCardField = lazy(() => import('./stripe-card-field'));

/** Stripe's hosted card field, loaded on first use, with a loader meanwhile: the card forms' `hostedCard`. */
export function StripeCardSlot(props: StripeCardFieldProps) {
  return (
    <Suspense fallback={<Loader size="sm" mx="auto" aria-label="Loading the card form" />}>
      <StripeCardField {...props} />
    </Suspense>
  );
}
