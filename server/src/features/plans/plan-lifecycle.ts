import {
  GRACE_PERIOD_DAYS,
  RENEWAL_MAX_ATTEMPTS,
  RENEWAL_RETRY_HOURS,
  SUBSCRIPTION_PRICE_USD,
  type SubscriptionStatus,
  TRIAL_DAYS,
  TRIAL_REMINDER_DAYS,
} from '@shrinkly/contract';
import { addDays, addHours, periodEndAfter } from './billing-calendar.js';

/** An account's plan as stored (the user row's subscription fields). */
export interface PlanState {
  status: SubscriptionStatus;
  trialEndsAt: Date | null;
  /** The end of the paid period (active, past due, or canceled and running out). */
  currentPeriodEnd: Date | null;
  /** When the scheduler next charges; null when nothing is due (or the provider bills). */
  nextChargeAt: Date | null;
  renewalAttempts: number;
  /** The first paid day: periods are counted in calendar months from it. */
  subscriptionStartedAt: Date | null;
  /** null: we charge the card on file; else the provider that bills the plan. */
  billingProvider: string | null;
  hasCard: boolean;
  trialReminderSentAt: Date | null;
}

export type PlanEvent =
  | { type: 'start-trial' }
  | { type: 'subscribe' }
  | { type: 'cancel' }
  | { type: 'reactivate' }
  /** Time passes: the scheduler's tick. */
  | { type: 'tick' }
  /** The charge asked for by a `charge` effect went through or was declined. */
  | { type: 'charge-succeeded'; periodStart: Date }
  | { type: 'charge-failed' }
  /** A provider that bills the plan itself reports (PayPal, Stripe). */
  | { type: 'provider-activated'; provider: string; trialEndsAt: Date | null; periodEnd: Date | null }
  | { type: 'provider-paid'; periodEnd: Date | null }
  | { type: 'provider-payment-failed' }
  | { type: 'provider-canceled' };

export type PlanMail = 'trial-started' | 'trial-ending' | 'receipt' | 'payment-failed' | 'canceled';

export type PlanEffect =
  /** Charge the card on file for the period starting at `periodStart`; `attempt` counts the tries of that period. */
  | { type: 'charge'; periodStart: Date; attempt: number; amount: number }
  | { type: 'mail'; mail: PlanMail }
  /** End the subscription at the provider that bills it. */
  | { type: 'cancel-at-provider' };

/** A request the rules refuse: `conflict` (409) or `payment-required` (402, no card to charge). */
export class PlanRuleError extends Error {
  constructor(
    readonly kind: 'conflict' | 'payment-required',
    message: string,
  ) {
    super(message);
  }
}

export interface PlanChange {
  state: PlanState;
  effects: PlanEffect[];
}

const unchanged = (state: PlanState): PlanChange => ({ state, effects: [] });
const mail = (m: PlanMail): PlanEffect => ({ type: 'mail', mail: m });
const charge = (periodStart: Date, attempt: number): PlanEffect => ({ type: 'charge', periodStart, attempt, amount: SUBSCRIPTION_PRICE_USD });

/** When premium (or trial) access of a canceled or past-due plan ends. */
export function accessEndsAt(state: PlanState): Date | null {
  if (state.status === 'past_due') return state.currentPeriodEnd && addDays(state.currentPeriodEnd, GRACE_PERIOD_DAYS);
  if (state.status === 'canceled') return state.currentPeriodEnd ?? state.trialEndsAt;
  return null;
}

/** Whether a canceled plan still gives access (so it can be reactivated without a charge). */
function stillRunning(state: PlanState, now: Date): boolean {
  const end = accessEndsAt(state);
  return end !== null && end > now;
}

/**
 * The plan life cycle: every rule of trials, subscriptions, renewals, cancellations and reactivations, as a pure
 * function of the stored plan, the time and what happened. It returns the new plan and what must be done (charges,
 * emails, a cancellation at the provider); the subscription service carries those out and feeds charge results back.
 *
 * free → trial (7 days, card on file) → premium (charged at trial end, then monthly) → canceled (no more charges;
 * access until the period end, then free; it stays canceled, to be reactivated). A canceled trial is never charged and keeps its access until the trial
 * end. A failed renewal makes the plan past due: retried every RENEWAL_RETRY_HOURS up to RENEWAL_MAX_ATTEMPTS
 * times, with access for GRACE_PERIOD_DAYS after the period end; after the last failure the plan lapses (expired).
 */
export function nextPlan(state: PlanState, now: Date, event: PlanEvent): PlanChange {
  switch (event.type) {
    case 'start-trial': {
      if (state.status !== 'none' || state.trialEndsAt) throw new PlanRuleError('conflict', 'The free trial has already been used on this account');
      if (!state.hasCard) throw new PlanRuleError('payment-required', 'A card is needed to start the trial');
      const trialEndsAt = addDays(now, TRIAL_DAYS);
      return { state: { ...state, status: 'trial', trialEndsAt, nextChargeAt: trialEndsAt, renewalAttempts: 0 }, effects: [mail('trial-started')] };
    }

    case 'subscribe': {
      if (state.status === 'active' || state.status === 'past_due') throw new PlanRuleError('conflict', 'This account is already subscribed');
      if (state.status === 'canceled' && stillRunning(state, now) && state.currentPeriodEnd) return nextPlan(state, now, { type: 'reactivate' });
      if (!state.hasCard) throw new PlanRuleError('payment-required', 'Add a card to subscribe');
      // From free, a lapsed plan or a running trial (an upgrade): premium starts now, with the first charge.
      return { state, effects: [charge(now, 1)] };
    }

    case 'cancel': {
      if (state.status === 'trial') {
        return { state: { ...state, status: 'canceled', nextChargeAt: null }, effects: [mail('canceled'), ...providerCancel(state)] };
      }
      if (state.status === 'active' || state.status === 'past_due') {
        return { state: { ...state, status: 'canceled', nextChargeAt: null, renewalAttempts: 0 }, effects: [mail('canceled'), ...providerCancel(state)] };
      }
      throw new PlanRuleError('conflict', 'There is no subscription to cancel');
    }

    case 'reactivate': {
      if (state.status !== 'canceled' && state.status !== 'expired') throw new PlanRuleError('conflict', 'There is no canceled subscription to reactivate');
      if (state.status === 'canceled' && stillRunning(state, now) && !state.billingProvider) {
        // Undo the cancellation: billing resumes when the paid period (or the trial) ends.
        if (state.currentPeriodEnd) return { state: { ...state, status: 'active', nextChargeAt: state.currentPeriodEnd }, effects: [] };
        return { state: { ...state, status: 'trial', nextChargeAt: state.trialEndsAt }, effects: [] };
      }
      if (!state.hasCard) throw new PlanRuleError('payment-required', 'Add a card to subscribe again');
      return { state, effects: [charge(now, 1)] };
    }

    case 'tick':
      return tick(state, now);

    case 'charge-succeeded': {
      // A plan that lapsed (or ran out after its cancellation) starts a new billing cycle; a running one keeps its own.
      const lapsed = state.status === 'expired' || state.status === 'none' || (state.status === 'canceled' && !stillRunning(state, now));
      const anchor = state.subscriptionStartedAt && !lapsed ? state.subscriptionStartedAt : event.periodStart;
      const periodEnd = periodEndAfter(anchor, event.periodStart);
      return {
        state: {
          ...state, status: 'active', subscriptionStartedAt: anchor, currentPeriodEnd: periodEnd, nextChargeAt: state.billingProvider ? null : periodEnd,
          renewalAttempts: 0,
        },
        effects: [mail('receipt')],
      };
    }

    case 'charge-failed': {
      const attempts = state.renewalAttempts + 1;
      const periodEnd = state.currentPeriodEnd ?? state.trialEndsAt ?? now;
      if (attempts >= RENEWAL_MAX_ATTEMPTS) {
        return { state: { ...state, status: 'expired', currentPeriodEnd: periodEnd, nextChargeAt: null, renewalAttempts: attempts }, effects: [mail('payment-failed'), mail('canceled')] };
      }
      return {
        state: { ...state, status: 'past_due', currentPeriodEnd: periodEnd, nextChargeAt: addHours(now, RENEWAL_RETRY_HOURS), renewalAttempts: attempts },
        effects: [mail('payment-failed')],
      };
    }

    case 'provider-activated': {
      const trial = event.trialEndsAt !== null && event.trialEndsAt > now;
      return {
        state: {
          ...state, billingProvider: event.provider, nextChargeAt: null, renewalAttempts: 0,
          status: trial ? 'trial' : 'active',
          trialEndsAt: trial ? event.trialEndsAt : state.trialEndsAt,
          currentPeriodEnd: trial ? state.currentPeriodEnd : (event.periodEnd ?? periodEndAfter(now, now)),
          subscriptionStartedAt: trial ? state.subscriptionStartedAt : (state.subscriptionStartedAt ?? now),
        },
        effects: state.status === 'none' && trial ? [mail('trial-started')] : [],
      };
    }

    case 'provider-paid': {
      const periodEnd = event.periodEnd ?? periodEndAfter(state.subscriptionStartedAt ?? now, now);
      return {
        state: { ...state, status: 'active', currentPeriodEnd: periodEnd, subscriptionStartedAt: state.subscriptionStartedAt ?? now, nextChargeAt: null, renewalAttempts: 0 },
        effects: [mail('receipt')],
      };
    }

    case 'provider-payment-failed':
      return {
        state: { ...state, status: 'past_due', currentPeriodEnd: state.currentPeriodEnd ?? state.trialEndsAt ?? now, renewalAttempts: state.renewalAttempts + 1 },
        effects: [mail('payment-failed')],
      };

    case 'provider-canceled':
      if (state.status === 'canceled' || state.status === 'expired' || state.status === 'none') return unchanged(state);
      return { state: { ...state, status: 'canceled', nextChargeAt: null }, effects: [mail('canceled')] };
  }
}

function providerCancel(state: PlanState): PlanEffect[] {
  return state.billingProvider ? [{ type: 'cancel-at-provider' }] : [];
}

/** What time alone changes: the trial's end, renewals, retries and the reminder. */
function tick(state: PlanState, now: Date): PlanChange {
  const due = state.nextChargeAt !== null && state.nextChargeAt <= now && !state.billingProvider;
  switch (state.status) {
    case 'trial': {
      if (due) return { state, effects: [charge(state.trialEndsAt ?? now, state.renewalAttempts + 1)] };
      const remindAt = state.trialEndsAt && addDays(state.trialEndsAt, -TRIAL_REMINDER_DAYS);
      if (remindAt && remindAt <= now && !state.trialReminderSentAt && !state.billingProvider) {
        return { state: { ...state, trialReminderSentAt: now }, effects: [mail('trial-ending')] };
      }
      return unchanged(state);
    }
    case 'active':
      return due ? { state, effects: [charge(state.currentPeriodEnd ?? now, state.renewalAttempts + 1)] } : unchanged(state);
    case 'past_due':
      return due ? { state, effects: [charge(state.currentPeriodEnd ?? now, state.renewalAttempts + 1)] } : unchanged(state);
    default:
      // A canceled plan stays canceled once its access has run out ("canceled without access": Subscription Canceled,
      // Reactivate Subscription); what it allows follows from its dates alone (planOf).
      return unchanged(state);
  }
}
