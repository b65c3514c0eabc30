import type { Plan, SubscriptionDetails, SubscriptionStatus } from '@shrinkly/contract';
import { formatLongDate } from '../../format/format-date';
import { cardExpiry, cardLabel } from '../subscription/card-on-file';
import { PRICE_PER_MONTH } from '../subscription/plan-texts';

/** Account type as Profile Information and the admin view write it (docs/product/SPEC.md §4 "Account plan"). */
export const PLAN_LABELS: Record<Plan, string> = { free: 'Free', trial: 'Trial', premium: 'Premium' };

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  none: 'No subscription',
  trial: 'Free trial',
  active: 'Active',
  past_due: 'Payment past due',
  canceled: 'Canceled',
  expired: 'Expired',
};

export interface SummaryRow {
  label: string;
  value: string;
}

const dateOf = (iso: string | null): string | null => (iso ? formatLongDate(new Date(iso)) : null);

/** The rows of Subscription Management: plan, status, the date that matters now, the price and the card on file. */
export function subscriptionSummary(details: SubscriptionDetails): SummaryRow[] {
  const rows: SummaryRow[] = [
    { label: 'Plan', value: PLAN_LABELS[details.plan] },
    { label: 'Status', value: STATUS_LABELS[details.status] },
  ];
  const add = (label: string, value: string | null) => value && rows.push({ label, value });
  if (details.status === 'trial') add('Trial ends', dateOf(details.trialEndDate));
  if (details.status === 'trial' || details.status === 'active' || details.status === 'past_due') {
    add('Next billing date', dateOf(details.nextBillingDate));
  }
  // A canceled plan whose access has run out is free now: when it ended, and no price.
  const ranOut = details.status === 'canceled' && details.plan === 'free';
  if (details.status === 'canceled' || details.status === 'past_due')
    add(ranOut ? 'Access ended' : 'Access ends', dateOf(details.accessEndsAt));
  if (details.status !== 'none' && details.status !== 'expired' && !ranOut) add('Price', PRICE_PER_MONTH);
  if (details.card) add('Card', `${cardLabel(details.card)} (expires ${cardExpiry(details.card)})`);
  return rows;
}

/**
 * What cancelling does, said before the user confirms (docs/product/SPEC.md §4): a trial is never charged and lasts to its
 * end; a paid plan keeps Premium until the end of the period already paid for.
 */
export function cancellationTerms(details: SubscriptionDetails): string {
  if (details.status === 'trial') {
    const until = dateOf(details.trialEndDate);
    return `You will not be charged. Your free trial stays active${until ? ` until ${until}` : ''}, then your account moves to the Free plan.`;
  }
  const until = dateOf(details.accessEndsAt ?? details.nextBillingDate);
  return `You will not be charged again. You keep Premium${until ? ` until ${until}, the end of the period you have paid for` : ' until the end of the period you have paid for'}; then your account moves to the Free plan.`;
}
