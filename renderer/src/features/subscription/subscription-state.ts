import type { SubscriptionDetails } from '@shrinkly/contract';
import { formatLongDate } from '../../format/format-date';
import { formatMoney } from '../../format/format-money';

/** A paid plan that renews (or is retrying its renewal): nothing to buy. */
export function isSubscribed(details: SubscriptionDetails): boolean {
  return details.status === 'active' || details.status === 'past_due';
}

/**
 * A running trial that is not canceled: its card (or its PayPal subscription) is on file and the first charge is
 * already scheduled for the trial's end, so there is nothing to buy today.
 */
export function isTrialing(details: SubscriptionDetails): boolean {
  return details.status === 'trial' && details.plan === 'trial';
}

/**
 * What a running trial has scheduled, from the dates the server gives: "Your free trial ends on March 8, 2026. The
 * first $3.99 is charged on March 8, 2026, unless you cancel before then." Empty when it gives neither.
 */
export function trialSchedule(details: Pick<SubscriptionDetails, 'trialEndDate' | 'nextBillingDate' | 'price'>): string {
  const dateOf = (iso: string) => formatLongDate(new Date(iso));
  const lines: string[] = [];
  if (details.trialEndDate) lines.push(`Your free trial ends on ${dateOf(details.trialEndDate)}.`);
  if (details.nextBillingDate) {
    lines.push(
      `The first ${formatMoney(details.price)} is charged on ${dateOf(details.nextBillingDate)}, unless you cancel before then.`,
    );
  }
  return lines.join(' ');
}

/** A canceled paid plan whose period still runs: reactivating it costs nothing until the period ends. */
export function isCanceledWithPremium(details: SubscriptionDetails): boolean {
  return details.status === 'canceled' && details.plan === 'premium' && details.canReactivate;
}

/**
 * How a canceled plan that still runs is taken up again: the Reactivate button where a card on file pays for it, or,
 * for an account with no card on a server that takes PayPal, PayPal's approval once more (billing from the plan's
 * end, so nothing is paid twice).
 */
export function resumesWith(details: SubscriptionDetails): 'reactivate' | 'paypal' {
  return details.card === null && details.paymentMethods.paypal ? 'paypal' : 'reactivate';
}

/**
 * What /subscribe offers a signed-in account: nothing to buy (a paid plan, or a running trial and its schedule), the way
 * back to a canceled plan that still runs (Reactivate, or PayPal's approval again), or a new plan.
 */
export function paymentStep(
  details: SubscriptionDetails,
): 'subscribed' | 'trialing' | 'reactivate' | 'resume-with-paypal' | 'new-plan' {
  if (isSubscribed(details)) return 'subscribed';
  if (isTrialing(details)) return 'trialing';
  if (isCanceledWithPremium(details)) return resumesWith(details) === 'paypal' ? 'resume-with-paypal' : 'reactivate';
  return 'new-plan';
}

/**
 * Where a new card is typed: into SPEC's card form, posted to our server (the sandbox), or into Stripe's own hosted
 * fields, so the number never reaches our server (DESIGN "Security rules").
 */
export type CardEntry = NonNullable<SubscriptionDetails['paymentMethods']['card']>;

/** How /subscribe takes this account's plan: a card (and where it is typed), PayPal's approval flow, or both. */
export interface CheckoutMethods {
  card: CardEntry | null;
  paypal: boolean;
}

/** The `provider` of plans PayPal bills: PayPal itself, or the sandbox's test-mode PayPal. */
const PAYPAL_BILLED = new Set(['paypal', 'sandbox-paypal']);

/**
 * What this server takes new subscriptions with; an account whose plan PayPal already bills goes on with PayPal
 * (while this server takes PayPal), as its card, if any, is PayPal's and not ours to charge.
 */
export function checkoutMethodsOf(details: Pick<SubscriptionDetails, 'provider' | 'paymentMethods'>): CheckoutMethods {
  const { card, paypal } = details.paymentMethods;
  if (paypal && details.provider !== null && PAYPAL_BILLED.has(details.provider)) return { card: null, paypal: true };
  return { card, paypal };
}

/**
 * What /subscribe offers an account that pays by card and has no plan to keep: Premium now (the card on file in one
 * click, or a new card: typed where the server takes cards, in Stripe's own field with Stripe), and for an account
 * that never had a plan, the free trial first (once per account).
 */
export function cardPlanOptions(details: SubscriptionDetails): { offer: 'card' | 'card-or-trial' } {
  return { offer: details.status === 'none' ? 'card-or-trial' : 'card' };
}
