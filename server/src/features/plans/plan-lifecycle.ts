import {
  GRACE_PERIOD_DAYS,
  RENEWAL_MAX_ATTEMPTS,
  RENEWAL_RETRY_HOURS,
  SUBSCRIPTION_PRICE_USD,
  type SubscriptionStatus,
  TRIAL_DAYS,
  TRIAL_REMINDER_DAYS,
} from '@shrinkly/contract';
import { addDays, addHours, periodEndAfter } from '../../common/billing-calendar.js';

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
  /** null: we charge the card on file; else the provider whose live subscription bills the plan. */
  billingProvider: string | null;
  /**
   * What a new charge or plan is paid with: `card`, the card on file that our scheduler charges; `provider`, a new
   * subscription at the provider whose own card fields saved the card (we never charge such a card ourselves);
   * null: nothing on file.
   */
  payWith: 'card' | 'provider' | null;
  trialReminderSentAt: Date | null;
}

/** A provider subscription's state as read back from the provider. */
export interface ProviderPlanReading {
  status: 'trialing' | 'active' | 'past_due' | 'ended';
  trialEndsAt: Date | null;
  periodEnd: Date | null;
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
  /** A new live subscription at a provider becomes the plan's (any previous one has been ended first). */
  | { type: 'provider-linked'; provider: string; subscription: ProviderPlanReading }
  /** The plan's own provider subscription, as the provider has it now (read back, never taken from an event body). */
  | { type: 'provider-state'; subscription: ProviderPlanReading }
  /** The provider charged the plan's subscription (recorded once in the ledger). */
  | { type: 'provider-charged' };

export type PlanMail = 'trial-started' | 'trial-ending' | 'receipt' | 'payment-failed' | 'canceled';

export type PlanEffect =
  /** Charge the card on file for the period from `periodStart` to `periodEnd`; `attempt` counts the tries of that period. */
  | { type: 'charge'; periodStart: Date; periodEnd: Date; attempt: number; amount: number }
  | { type: 'mail'; mail: PlanMail }
  /** End the plan's subscription at the provider that bills it, before the new plan is stored. */
  | { type: 'cancel-at-provider' }
  /** Start a subscription at the provider (trial, or premium now, or billing deferred until `deferUntil`). */
  | { type: 'start-at-provider'; trial: boolean; deferUntil: Date | null }
  /** Read the plan's provider subscription back from the provider (its period ended with no news of a renewal). */
  | { type: 'read-provider' };

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
/**
 * The month a charge starting at `periodStart` pays for: counted from the plan's first paid day, or from this one when
 * the plan lapsed (or never ran) and a new billing cycle starts.
 */
function periodFrom(state: PlanState, now: Date, periodStart: Date): { anchor: Date; periodEnd: Date } {
  const lapsed =
    state.status === 'expired' || state.status === 'none' || (state.status === 'canceled' && !stillRunning(state, now));
  const anchor = state.subscriptionStartedAt && !lapsed ? state.subscriptionStartedAt : periodStart;
  return { anchor, periodEnd: periodEndAfter(anchor, periodStart) };
}

function charge(state: PlanState, now: Date, periodStart: Date, attempt: number): PlanEffect {
  return {
    type: 'charge',
    periodStart,
    periodEnd: periodFrom(state, now, periodStart).periodEnd,
    attempt,
    amount: SUBSCRIPTION_PRICE_USD,
  };
}

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

/** A paid plan whose period (with the grace after it) covers now: there is nothing to buy. */
function paidAndRunning(state: PlanState, now: Date): boolean {
  const paidStatus = state.status === 'active' || state.status === 'past_due';
  return paidStatus && state.currentPeriodEnd !== null && addDays(state.currentPeriodEnd, GRACE_PERIOD_DAYS) > now;
}

/** The way to pay for premium now: a charge of the card on file, or a new subscription at the provider. */
function payNow(state: PlanState, now: Date, refusal: string): PlanEffect[] {
  if (state.payWith === 'card') return [charge(state, now, now, 1)];
  if (state.payWith === 'provider') return [{ type: 'start-at-provider', trial: false, deferUntil: null }];
  throw new PlanRuleError('payment-required', refusal);
}

const MINUTE_MS = 60_000;

/**
 * The plan a provider subscription gives. A trial at the provider that ends when the account's own access ends is a
 * deferred start (a plan reactivated before it ran out: billing resumes then), not a new free trial.
 */
function withProviderState(state: PlanState, now: Date, reading: ProviderPlanReading): PlanState {
  const ownEnd = state.currentPeriodEnd ?? state.trialEndsAt;
  if (reading.status === 'trialing') {
    const deferred =
      ownEnd !== null && reading.trialEndsAt !== null && ownEnd.getTime() >= reading.trialEndsAt.getTime() - MINUTE_MS;
    if (deferred) {
      const status = state.currentPeriodEnd ? 'active' : 'trial';
      return { ...state, status, nextChargeAt: reading.trialEndsAt, renewalAttempts: 0 };
    }
    return { ...state, status: 'trial', trialEndsAt: reading.trialEndsAt, nextChargeAt: reading.trialEndsAt, renewalAttempts: 0 };
  }
  if (reading.status === 'active') {
    // Access follows what was paid (the provider's paid-through date, or ours), never a period it has not charged.
    const periodEnd = latest(state.currentPeriodEnd, reading.periodEnd);
    // Billing from later, nothing paid yet: a trial that still runs stays the trial until the first charge.
    if (!periodEnd && state.trialEndsAt && state.trialEndsAt > now)
      return { ...state, status: 'trial', nextChargeAt: state.trialEndsAt, renewalAttempts: 0 };
    // Active at the provider, but its paid period ended with no renewal reported yet: look again later (the grace keeps access).
    const nextLook = periodEnd && periodEnd > now ? periodEnd : addHours(now, RENEWAL_RETRY_HOURS);
    return {
      ...state,
      status: 'active',
      currentPeriodEnd: periodEnd,
      subscriptionStartedAt: state.subscriptionStartedAt ?? now,
      nextChargeAt: nextLook,
      renewalAttempts: 0,
    };
  }
  if (reading.status === 'past_due') {
    // Past due keeps the grace after the period we know was paid, if any: the provider's own period may be unpaid.
    return { ...state, status: 'past_due', nextChargeAt: addHours(now, RENEWAL_RETRY_HOURS) };
  }
  // Ended at the provider: nothing bills the plan any more; what was paid for (the provider says until when, a renewal
  // we had not heard of included) still runs out by its dates.
  const live = state.status === 'trial' || state.status === 'active' || state.status === 'past_due';
  return {
    ...state,
    status: live ? 'canceled' : state.status,
    currentPeriodEnd: latest(state.currentPeriodEnd, reading.periodEnd),
    billingProvider: null,
    nextChargeAt: null,
    renewalAttempts: 0,
  };
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/**
 * The plan life cycle: every rule of trials, subscriptions, renewals, cancellations and reactivations, as a pure
 * function of the stored plan, the time and what happened. It returns the new plan and what must be done (charges,
 * emails, subscriptions started, ended or read at the provider); the subscription service carries those out and
 * feeds their results back.
 *
 * free → trial (7 days, card on file) → premium (charged at trial end, then monthly) → canceled (no more charges;
 * access until the period end, then free; it stays canceled, to be reactivated). A canceled trial is never charged
 * and keeps its access until the trial end. A failed renewal makes the plan past due: retried every
 * RENEWAL_RETRY_HOURS up to RENEWAL_MAX_ATTEMPTS times, with access for GRACE_PERIOD_DAYS after the period end; after
 * the last failure the plan lapses (expired). A plan a provider bills follows what the provider reports of its one
 * live subscription, read back from the provider.
 */
export function nextPlan(state: PlanState, now: Date, event: PlanEvent): PlanChange {
  switch (event.type) {
    case 'start-trial': {
      if (state.status !== 'none' || state.trialEndsAt)
        throw new PlanRuleError('conflict', 'The free trial has already been used on this account');
      if (state.payWith === 'provider') return { state, effects: [{ type: 'start-at-provider', trial: true, deferUntil: null }] };
      if (state.payWith !== 'card') throw new PlanRuleError('payment-required', 'A card is needed to start the trial');
      const trialEndsAt = addDays(now, TRIAL_DAYS);
      return {
        state: { ...state, status: 'trial', trialEndsAt, nextChargeAt: trialEndsAt, renewalAttempts: 0 },
        effects: [mail('trial-started')],
      };
    }

    case 'subscribe': {
      if (paidAndRunning(state, now)) throw new PlanRuleError('conflict', 'This account is already subscribed');
      if (state.status === 'canceled' && stillRunning(state, now) && state.currentPeriodEnd)
        return nextPlan(state, now, { type: 'reactivate' });
      // From free, a lapsed plan or a running trial (an upgrade): premium starts now, with the first charge.
      return { state, effects: payNow(state, now, 'Add a card to subscribe') };
    }

    case 'cancel': {
      if (state.status !== 'trial' && state.status !== 'active' && state.status !== 'past_due') {
        throw new PlanRuleError('conflict', 'There is no subscription to cancel');
      }
      const atProvider: PlanEffect[] = state.billingProvider ? [{ type: 'cancel-at-provider' }] : [];
      return {
        state: { ...state, status: 'canceled', nextChargeAt: null, renewalAttempts: 0, billingProvider: null },
        effects: [...atProvider, mail('canceled')],
      };
    }

    case 'reactivate': {
      if (state.status !== 'canceled' && state.status !== 'expired')
        throw new PlanRuleError('conflict', 'There is no canceled subscription to reactivate');
      if (state.status === 'canceled' && stillRunning(state, now)) {
        const end = accessEndsAt(state) as Date;
        // Undo the cancellation: billing resumes when the paid period (or the trial) ends.
        if (state.payWith === 'provider')
          return { state, effects: [{ type: 'start-at-provider', trial: false, deferUntil: end }] };
        if (state.payWith !== 'card') throw new PlanRuleError('payment-required', 'Add a card to subscribe again');
        if (state.currentPeriodEnd)
          return { state: { ...state, status: 'active', nextChargeAt: state.currentPeriodEnd }, effects: [] };
        return { state: { ...state, status: 'trial', nextChargeAt: state.trialEndsAt }, effects: [] };
      }
      return { state, effects: payNow(state, now, 'Add a card to subscribe again') };
    }

    case 'tick':
      return tick(state, now);

    case 'charge-succeeded': {
      // A plan that lapsed (or ran out after its cancellation) starts a new billing cycle; a running one keeps its own.
      const { anchor, periodEnd } = periodFrom(state, now, event.periodStart);
      return {
        state: {
          ...state,
          status: 'active',
          subscriptionStartedAt: anchor,
          currentPeriodEnd: periodEnd,
          nextChargeAt: periodEnd,
          renewalAttempts: 0,
        },
        effects: [mail('receipt')],
      };
    }

    case 'charge-failed': {
      const attempts = state.renewalAttempts + 1;
      // The grace follows a period that was paid; a first charge that fails (at the trial's end) leaves none.
      const periodEnd = state.currentPeriodEnd;
      if (attempts >= RENEWAL_MAX_ATTEMPTS) {
        return {
          state: { ...state, status: 'expired', currentPeriodEnd: periodEnd, nextChargeAt: null, renewalAttempts: attempts },
          effects: [mail('payment-failed'), mail('canceled')],
        };
      }
      return {
        state: {
          ...state,
          status: 'past_due',
          currentPeriodEnd: periodEnd,
          nextChargeAt: addHours(now, RENEWAL_RETRY_HOURS),
          renewalAttempts: attempts,
        },
        effects: [mail('payment-failed')],
      };
    }

    case 'provider-linked': {
      const reading = event.subscription;
      if (reading.status === 'ended')
        throw new PlanRuleError('conflict', 'This subscription has ended at the payment provider: please subscribe again');
      const deferredEnd = state.currentPeriodEnd ?? state.trialEndsAt;
      const newTrial =
        reading.status === 'trialing' &&
        !(deferredEnd && reading.trialEndsAt && deferredEnd.getTime() >= reading.trialEndsAt.getTime() - MINUTE_MS);
      // One trial per account, whoever runs it.
      if (newTrial && (state.trialEndsAt || state.status !== 'none'))
        throw new PlanRuleError('conflict', 'The free trial has already been used on this account');
      const next = withProviderState({ ...state, billingProvider: event.provider }, now, reading);
      const effects: PlanEffect[] = newTrial ? [mail('trial-started')] : [];
      return { state: next, effects };
    }

    case 'provider-state': {
      if (!state.billingProvider) return unchanged(state);
      const next = withProviderState(state, now, event.subscription);
      const effects: PlanEffect[] = [];
      if (next.status === 'past_due' && state.status !== 'past_due') effects.push(mail('payment-failed'));
      if (next.status === 'canceled' && state.status !== 'canceled') effects.push(mail('canceled'));
      return { state: next, effects };
    }

    case 'provider-charged':
      return { state, effects: [mail('receipt')] };
  }
}

/** What time alone changes: the trial's end, renewals, retries and the reminder. */
function tick(state: PlanState, now: Date): PlanChange {
  const due = state.nextChargeAt !== null && state.nextChargeAt <= now;
  if (state.billingProvider) {
    // The provider bills: its period (or trial) ended and no renewal was reported: read the subscription back.
    if (!due) return unchanged(state);
    return { state: { ...state, nextChargeAt: addHours(now, RENEWAL_RETRY_HOURS) }, effects: [{ type: 'read-provider' }] };
  }
  switch (state.status) {
    case 'trial': {
      if (due) return { state, effects: [charge(state, now, state.trialEndsAt ?? now, state.renewalAttempts + 1)] };
      const remindAt = state.trialEndsAt && addDays(state.trialEndsAt, -TRIAL_REMINDER_DAYS);
      if (remindAt && remindAt <= now && !state.trialReminderSentAt) {
        return { state: { ...state, trialReminderSentAt: now }, effects: [mail('trial-ending')] };
      }
      return unchanged(state);
    }
    case 'active':
    case 'past_due':
      return due
        ? { state, effects: [charge(state, now, state.currentPeriodEnd ?? now, state.renewalAttempts + 1)] }
        : unchanged(state);
    default:
      // A canceled plan stays canceled once its access has run out ("canceled without access": Subscription Canceled,
      // Reactivate Subscription); what it allows follows from its dates alone (planOf).
      return unchanged(state);
  }
}
