import { SUBSCRIPTION_PRICE_USD } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { addMonths, periodEndAfter } from '../../common/billing-calendar.js';
import { nextPlan, type PlanEffect, type PlanEvent, PlanRuleError, type PlanState } from './plan-lifecycle.js';

const DAY = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);
const free: PlanState = {
  status: 'none',
  trialEndsAt: null,
  currentPeriodEnd: null,
  nextChargeAt: null,
  renewalAttempts: 0,
  subscriptionStartedAt: null,
  billingProvider: null,
  payWith: 'card',
  trialReminderSentAt: null,
};

/** Applies events in turn, feeding each charge back as succeeded (or as `charges` says), like the service does. */
function run(
  state: PlanState,
  steps: Array<[Date, PlanEvent]>,
  charges: Array<'ok' | 'declined'> = [],
): { state: PlanState; effects: PlanEffect[] } {
  const effects: PlanEffect[] = [];
  for (const [now, event] of steps) {
    const change = nextPlan(state, now, event);
    state = change.state;
    effects.push(...change.effects);
    for (const effect of change.effects) {
      if (effect.type !== 'charge') continue;
      const outcome = charges.shift() ?? 'ok';
      const result = nextPlan(
        state,
        now,
        outcome === 'ok' ? { type: 'charge-succeeded', periodStart: effect.periodStart } : { type: 'charge-failed' },
      );
      state = result.state;
      effects.push(...result.effects);
    }
  }
  return { state, effects };
}

const charges = (effects: PlanEffect[]) => effects.filter((e) => e.type === 'charge');
const mails = (effects: PlanEffect[]) => effects.flatMap((e) => (e.type === 'mail' ? [e.mail] : []));

describe('the plan life cycle', () => {
  const start = at('2026-01-10T09:00:00Z');
  const trialEnd = new Date(start.getTime() + 7 * DAY);
  /** A trial started at `start`, then its end, when the first month is charged. */
  const trialThenFirstCharge: Array<[Date, PlanEvent]> = [
    [start, { type: 'start-trial' }],
    [trialEnd, { type: 'tick' }],
  ];
  /** The plan just after its first paid month began, and that month's end. */
  const firstPaidMonth = () => {
    const active = run(free, trialThenFirstCharge).state;
    return { active, end: active.currentPeriodEnd as Date };
  };

  it('starts a 7-day trial once, with a card, and charges nothing until it ends', () => {
    const { state, effects } = run(free, [
      [start, { type: 'start-trial' }],
      [new Date(trialEnd.getTime() - 1), { type: 'tick' }],
    ]);
    expect(state).toMatchObject({ status: 'trial', trialEndsAt: trialEnd, nextChargeAt: trialEnd });
    expect(charges(effects)).toEqual([]);
    expect(mails(effects)).toEqual(['trial-started', 'trial-ending']);
    expect(() => nextPlan(state, start, { type: 'start-trial' })).toThrow(PlanRuleError);
    expect(() => nextPlan({ ...free, payWith: null }, start, { type: 'start-trial' })).toThrow('A card is needed');
  });

  it('charges $3.99 exactly at the trial end, then renews every calendar month from that day', () => {
    const { state, effects } = run(free, trialThenFirstCharge);
    expect(charges(effects)).toEqual([
      { type: 'charge', periodStart: trialEnd, periodEnd: addMonths(trialEnd, 1), attempt: 1, amount: SUBSCRIPTION_PRICE_USD },
    ]);
    expect(state).toMatchObject({
      status: 'active',
      subscriptionStartedAt: trialEnd,
      currentPeriodEnd: addMonths(trialEnd, 1),
      nextChargeAt: addMonths(trialEnd, 1),
    });
    const renewed = run(state, [[addMonths(trialEnd, 1), { type: 'tick' }]]);
    expect(charges(renewed.effects)).toHaveLength(1);
    expect(renewed.state.currentPeriodEnd).toEqual(addMonths(trialEnd, 2));
    expect(mails(renewed.effects)).toEqual(['receipt']);
  });

  it('counts months from the first paid day: Jan 31 renews on Feb 28, Mar 31 and Apr 30', () => {
    const anchor = at('2027-01-31T12:00:00Z');
    expect(periodEndAfter(anchor, anchor)).toEqual(at('2027-02-28T12:00:00Z'));
    expect(periodEndAfter(anchor, at('2027-02-28T12:00:00Z'))).toEqual(at('2027-03-31T12:00:00Z'));
    expect(periodEndAfter(anchor, at('2027-03-31T12:00:00Z'))).toEqual(at('2027-04-30T12:00:00Z'));
    expect(periodEndAfter(at('2028-01-31T00:00:00Z'), at('2028-01-31T00:00:00Z'))).toEqual(at('2028-02-29T00:00:00Z'));
  });

  it('asks for the same charge on two ticks of the same moment, so the ledger key makes it one charge', () => {
    const trial = nextPlan(free, start, { type: 'start-trial' }).state;
    const first = nextPlan(trial, trialEnd, { type: 'tick' });
    const second = nextPlan(trial, new Date(trialEnd.getTime() + 1000), { type: 'tick' });
    expect(first.effects).toEqual(second.effects);
    expect(first.state).toEqual(trial);
  });

  it('a failed renewal makes the plan past due and retries it; a success makes it active again', () => {
    const { active, end: periodEnd } = firstPaidMonth();
    const failed = run(active, [[periodEnd, { type: 'tick' }]], ['declined']);
    expect(failed.state).toMatchObject({
      status: 'past_due',
      renewalAttempts: 1,
      currentPeriodEnd: periodEnd,
      nextChargeAt: new Date(periodEnd.getTime() + DAY),
    });
    expect(mails(failed.effects)).toEqual(['payment-failed']);
    // Not due again before the retry time.
    expect(nextPlan(failed.state, new Date(periodEnd.getTime() + DAY - 1), { type: 'tick' }).effects).toEqual([]);
    const retried = run(failed.state, [[new Date(periodEnd.getTime() + DAY), { type: 'tick' }]], ['ok']);
    expect(charges(retried.effects)).toEqual([
      { type: 'charge', periodStart: periodEnd, periodEnd: addMonths(trialEnd, 2), attempt: 2, amount: SUBSCRIPTION_PRICE_USD },
    ]);
    expect(retried.state).toMatchObject({ status: 'active', renewalAttempts: 0, currentPeriodEnd: addMonths(trialEnd, 2) });
  });

  it('lapses after the last failed retry', () => {
    const { active, end } = firstPaidMonth();
    const lapsed = run(
      active,
      [
        [end, { type: 'tick' }],
        [new Date(end.getTime() + DAY), { type: 'tick' }],
        [new Date(end.getTime() + 2 * DAY), { type: 'tick' }],
      ],
      ['declined', 'declined', 'declined'],
    );
    expect(lapsed.state).toMatchObject({ status: 'expired', nextChargeAt: null });
    expect(mails(lapsed.effects)).toEqual(['payment-failed', 'payment-failed', 'payment-failed', 'canceled']);
    expect(nextPlan(lapsed.state, new Date(end.getTime() + 9 * DAY), { type: 'tick' }).effects).toEqual([]);
  });

  it('a canceled trial is never charged and runs out at its end', () => {
    const canceled = run(free, [
      [start, { type: 'start-trial' }],
      [new Date(start.getTime() + DAY), { type: 'cancel' }],
    ]);
    expect(canceled.state).toMatchObject({ status: 'canceled', nextChargeAt: null });
    const after = run(canceled.state, [
      [trialEnd, { type: 'tick' }],
      [new Date(trialEnd.getTime() + 40 * DAY), { type: 'tick' }],
    ]);
    expect(charges([...canceled.effects, ...after.effects])).toEqual([]);
    // Still canceled once it has run out: shown as such, with Reactivate Subscription.
    expect(after.state.status).toBe('canceled');
  });

  it('a canceled paid plan keeps its period, is not renewed, and can be reactivated without a charge before it ends', () => {
    const { active, end } = firstPaidMonth();
    const canceled = nextPlan(active, new Date(end.getTime() - 5 * DAY), { type: 'cancel' });
    expect(canceled.state).toMatchObject({ status: 'canceled', currentPeriodEnd: end, nextChargeAt: null });
    expect(mails(canceled.effects)).toEqual(['canceled']);
    const back = nextPlan(canceled.state, new Date(end.getTime() - 4 * DAY), { type: 'reactivate' });
    expect(back).toEqual({ state: { ...active }, effects: [] });
    const ran = run(canceled.state, [[end, { type: 'tick' }]]);
    expect(charges(ran.effects)).toEqual([]);
    expect(ran.state.status).toBe('canceled');
  });

  it('reactivating a canceled plan after its access ran out charges now and starts a new billing cycle', () => {
    const { active, end } = firstPaidMonth();
    const ranOut = run(active, [
      [new Date(end.getTime() - 5 * DAY), { type: 'cancel' }],
      [new Date(end.getTime() + 20 * DAY), { type: 'tick' }],
    ]).state;
    expect(ranOut).toMatchObject({ status: 'canceled', nextChargeAt: null });
    const now = new Date(end.getTime() + 40 * DAY);
    const again = run(ranOut, [[now, { type: 'reactivate' }]]);
    expect(charges(again.effects)).toEqual([
      { type: 'charge', periodStart: now, periodEnd: addMonths(now, 1), attempt: 1, amount: SUBSCRIPTION_PRICE_USD },
    ]);
    expect(again.state).toMatchObject({ status: 'active', subscriptionStartedAt: now, currentPeriodEnd: addMonths(now, 1) });
  });

  it('reactivating a lapsed plan charges the card on file now, and needs one', () => {
    const lapsed: PlanState = {
      ...free,
      status: 'expired',
      currentPeriodEnd: at('2026-03-01T00:00:00Z'),
      subscriptionStartedAt: at('2026-02-01T00:00:00Z'),
    };
    const now = at('2026-05-05T10:00:00Z');
    const again = run(lapsed, [[now, { type: 'reactivate' }]]);
    expect(charges(again.effects)).toEqual([
      { type: 'charge', periodStart: now, periodEnd: addMonths(now, 1), attempt: 1, amount: SUBSCRIPTION_PRICE_USD },
    ]);
    expect(again.state).toMatchObject({ status: 'active', subscriptionStartedAt: now, currentPeriodEnd: addMonths(now, 1) });
    expect(() => nextPlan({ ...lapsed, payWith: null }, now, { type: 'reactivate' })).toThrow('Add a card');
  });

  it('subscribing from free charges now; an upgrade from a trial ends the trial with the first charge; twice is refused', () => {
    const subscribed = run(free, [[start, { type: 'subscribe' }]]);
    expect(subscribed.state).toMatchObject({ status: 'active', currentPeriodEnd: addMonths(start, 1) });
    expect(() => nextPlan(subscribed.state, start, { type: 'subscribe' })).toThrow('already subscribed');
    const upgraded = run(free, [
      [start, { type: 'start-trial' }],
      [new Date(start.getTime() + DAY), { type: 'subscribe' }],
    ]);
    expect(upgraded.state).toMatchObject({ status: 'active', subscriptionStartedAt: new Date(start.getTime() + DAY) });
    expect(() => nextPlan(free, start, { type: 'cancel' })).toThrow('no subscription to cancel');
  });

  it('follows what the provider reads back for a plan it bills: active, past due, renewed, ended; never charging itself', () => {
    const periodEnd = at('2026-02-10T09:00:00Z');
    const provider = { ...free, payWith: null };
    const linked = nextPlan(provider, start, {
      type: 'provider-linked',
      provider: 'paypal',
      subscription: { status: 'active', trialEndsAt: null, periodEnd },
    });
    expect(linked.state).toMatchObject({
      status: 'active',
      billingProvider: 'paypal',
      currentPeriodEnd: periodEnd,
      nextChargeAt: periodEnd,
    });
    expect(nextPlan(linked.state, new Date(periodEnd.getTime() - 1), { type: 'tick' }).effects).toEqual([]);
    // Its period ended with no news of a renewal: read it back (once a retry interval), never charge.
    const due = nextPlan(linked.state, periodEnd, { type: 'tick' });
    expect(due.effects).toEqual([{ type: 'read-provider' }]);
    expect(due.state.nextChargeAt).toEqual(new Date(periodEnd.getTime() + DAY));
    const failed = nextPlan(due.state, periodEnd, {
      type: 'provider-state',
      subscription: { status: 'past_due', trialEndsAt: null, periodEnd },
    });
    expect(failed.state.status).toBe('past_due');
    expect(mails(failed.effects)).toEqual(['payment-failed']);
    const renewed = nextPlan(failed.state, periodEnd, {
      type: 'provider-state',
      subscription: { status: 'active', trialEndsAt: null, periodEnd: at('2026-03-10T09:00:00Z') },
    });
    expect(renewed.state).toMatchObject({
      status: 'active',
      currentPeriodEnd: at('2026-03-10T09:00:00Z'),
      nextChargeAt: at('2026-03-10T09:00:00Z'),
    });
    const ended = nextPlan(renewed.state, at('2026-02-20T00:00:00Z'), {
      type: 'provider-state',
      subscription: { status: 'ended', trialEndsAt: null, periodEnd: null },
    });
    expect(ended.state).toMatchObject({
      status: 'canceled',
      billingProvider: null,
      nextChargeAt: null,
      currentPeriodEnd: at('2026-03-10T09:00:00Z'),
    });
    expect(mails(ended.effects)).toEqual(['canceled']);
    // A late report about a plan no provider bills any more changes nothing.
    expect(
      nextPlan(ended.state, at('2026-02-21T00:00:00Z'), {
        type: 'provider-state',
        subscription: { status: 'active', trialEndsAt: null, periodEnd: at('2026-04-10T09:00:00Z') },
      }),
    ).toEqual({ state: ended.state, effects: [] });
  });

  it('cancels a provider plan at the provider first, and stops following it', () => {
    const linked = nextPlan({ ...free, payWith: 'provider' }, start, {
      type: 'provider-linked',
      provider: 'stripe',
      subscription: { status: 'active', trialEndsAt: null, periodEnd: addMonths(start, 1) },
    });
    const canceled = nextPlan(linked.state, start, { type: 'cancel' });
    expect(canceled.effects[0]).toEqual({ type: 'cancel-at-provider' });
    expect(canceled.state).toMatchObject({ status: 'canceled', billingProvider: null, currentPeriodEnd: addMonths(start, 1) });
  });

  it('starts and resumes a plan at the provider for an account whose card the provider keeps, never charging it itself', () => {
    const stripe: PlanState = { ...free, payWith: 'provider' };
    expect(nextPlan(stripe, start, { type: 'start-trial' }).effects).toEqual([
      { type: 'start-at-provider', trial: true, deferUntil: null },
    ]);
    expect(nextPlan(stripe, start, { type: 'subscribe' }).effects).toEqual([
      { type: 'start-at-provider', trial: false, deferUntil: null },
    ]);
    const end = addMonths(start, 1);
    const canceled: PlanState = { ...stripe, status: 'canceled', currentPeriodEnd: end, subscriptionStartedAt: start };
    // Reactivated before the paid period ends: billing resumes at its end, nothing charged now.
    expect(nextPlan(canceled, new Date(end.getTime() - DAY), { type: 'reactivate' }).effects).toEqual([
      { type: 'start-at-provider', trial: false, deferUntil: end },
    ]);
    // The provider's "trial" until that day is the deferred start, not a free trial: premium goes on.
    const resumed = nextPlan(canceled, new Date(end.getTime() - DAY), {
      type: 'provider-linked',
      provider: 'stripe',
      subscription: { status: 'trialing', trialEndsAt: end, periodEnd: end },
    });
    expect(resumed.state).toMatchObject({
      status: 'active',
      currentPeriodEnd: end,
      billingProvider: 'stripe',
      trialEndsAt: null,
    });
    expect(
      nextPlan({ ...canceled, currentPeriodEnd: at('2026-01-01T00:00:00Z') }, start, { type: 'reactivate' }).effects,
    ).toEqual([{ type: 'start-at-provider', trial: false, deferUntil: null }]);
  });

  it('grants a trial once per account, whoever runs it', () => {
    const used: PlanState = { ...free, payWith: 'provider', status: 'expired', trialEndsAt: start };
    const trialAgain = {
      type: 'provider-linked',
      provider: 'paypal',
      subscription: { status: 'trialing', trialEndsAt: addMonths(start, 1), periodEnd: addMonths(start, 1) },
    } as const;
    expect(() => nextPlan(used, addMonths(start, 1), trialAgain)).toThrow('free trial has already been used');
    const first = nextPlan({ ...free, payWith: 'provider' }, start, {
      ...trialAgain,
      subscription: { ...trialAgain.subscription, trialEndsAt: trialEnd },
    });
    expect(first.state).toMatchObject({ status: 'trial', trialEndsAt: trialEnd });
    expect(mails(first.effects)).toEqual(['trial-started']);
  });
});
