import type { CreditCard, SubscriptionDetails } from '@shrinkly/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../api/client';
import { currentUserQueryKey } from '../account/api';

export const subscriptionQueryKey = ['subscription'] as const;

/** The signed-in user's plan, status, billing dates and card on file. */
export function useSubscriptionDetails(enabled = true) {
  return useQuery({ queryKey: subscriptionQueryKey, queryFn: () => api.subscription(), enabled });
}

/**
 * After any change of plan: the answer (when it is the subscription) is cached at once, and the user, whose trial and
 * subscription flags moved, is read again. The query client never refetches by itself.
 */
function usePlanChanged() {
  const queryClient = useQueryClient();
  return useCallback(
    async (details?: SubscriptionDetails) => {
      if (details) queryClient.setQueryData(subscriptionQueryKey, details);
      else await queryClient.invalidateQueries({ queryKey: subscriptionQueryKey });
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
    [queryClient],
  );
}

/**
 * A plan change through `call`. Once the cache is refreshed, `onChanged` runs. It is given here rather than to
 * `mutate`: the new plan often replaces the component that asked (the card form gives way to Already Subscribed),
 * and mutate's callbacks do not run for a component that is gone.
 */
function usePlanMutation<Vars>(call: (vars: Vars) => Promise<SubscriptionDetails | undefined>, onChanged?: () => void) {
  const planChanged = usePlanChanged();
  return useMutation({
    mutationFn: call,
    onSuccess: async (details) => {
      await planChanged(details);
      onChanged?.();
    },
  });
}

/** The card the trial starts with: typed into the card form (sandbox), or the payment method Stripe.js made. */
export type TrialCard = { creditCard: CreditCard } | { paymentMethodId: string };

/** Starts the 7-day trial with a card on file. */
export function useSetupTrial(onStarted?: () => void) {
  return usePlanMutation(async (card: TrialCard) => {
    await api.setupTrial(card);
    return undefined;
  }, onStarted);
}

/** Stripe only: a SetupIntent for the card typed into Stripe's own fields, and the key to load Stripe.js with. */
export function requestStripeSetupIntent(): Promise<{ clientSecret: string; publishableKey: string }> {
  return api.stripeSetupIntent();
}

/** Stripe only: where Stripe.js is loaded from; null for Stripe's own (js.stripe.com), a stand-in's address in tests. */
export async function requestStripeJsUrl(): Promise<string | null> {
  return (await api.stripeJs()).url;
}

/** Premium now: charges the card given, or the card on file when none is given. */
export function useSubscribe(onSubscribed?: () => void) {
  return usePlanMutation((card: TrialCard | undefined) => api.subscribe(card ?? {}), onSubscribed);
}

export function useCancelSubscription(onCanceled?: () => void) {
  return usePlanMutation(() => api.cancelSubscription(), onCanceled);
}

export function useReactivateSubscription(onReactivated?: () => void) {
  return usePlanMutation(() => api.reactivateSubscription(), onReactivated);
}

/** PayPal: creates the subscription the payer approves at PayPal; answers where to approve it. */
export function usePaypalCreateSubscription() {
  return useMutation({
    mutationFn: (payer: { userEmail: string; userName: string }) => api.paypalCreateSubscription(payer),
  });
}

/** PayPal: back from approval with `?subscription_id=`, premium once PayPal says the subscription is active. */
export function usePaypalActivateSubscription(onActivated?: () => void) {
  return usePlanMutation((subscriptionId: string) => api.paypalActivateSubscription({ subscriptionId }), onActivated);
}
