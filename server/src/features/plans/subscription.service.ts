import { randomUUID } from 'node:crypto';
import {
  ErrorMessages,
  pages,
  SUBSCRIPTION_PRICE_USD,
  type SubscriptionDetails,
  TRIAL_REMINDER_DAYS,
  type User,
} from '@shrinkly/contract';
import type { Logger } from 'pino';
import type { MailPort } from '../../adapters/mail/mail.port.js';
import {
  type ApprovalPlans,
  CardDeclinedError,
  type PaymentPort,
  type ProviderBilledPlans,
  type ProviderSubscription,
} from '../../adapters/payments/payment.port.js';
import type { BackgroundTasks } from '../../common/background-tasks.js';
import { addDays } from '../../common/billing-calendar.js';
import type { Clock } from '../../common/clock.js';
import { ConflictError, NotFoundError, PaymentRequiredError, ValidationError } from '../../common/errors.js';
import type { UserRow } from '../../db/schema/index.js';
import { planOf } from '../../read-models/plan-of.js';
import { toUserView } from '../../read-models/user-view.js';
import type { PlanColumn, UserRepository } from '../accounts/user.repository.js';
import type { BillingService } from '../billing/billing.service.js';
import { atProvider } from '../billing/provider-call.js';
import type { ProviderSubscriptionEvent } from '../billing/subscription-events.js';
import type { FileRepository } from '../files/file.repository.js';
import {
  accessEndsAt,
  nextPlan,
  type PlanChange,
  type PlanEffect,
  type PlanEvent,
  type PlanMail,
  PlanRuleError,
  type PlanState,
  type ProviderPlanReading,
} from './plan-lifecycle.js';
import { planMail } from './plan-mails.js';
import type { ProviderSubscriptionRepository } from './provider-subscription.repository.js';

/** A card as the trial step and /subscribe send it; the number and CVV go to the provider only. */
export interface CardInput {
  cardNumber: string;
  expiryDate: string;
  cvv: string;
  cardholderName: string;
}

/** The plan changed while a request was deciding on it (another request, a tick): nothing was charged or stored. */
export class PlanChangedError extends ConflictError {}

/** What one change of a plan is carried out with. */
interface ApplyContext {
  /** A payment method the provider's own card fields just saved for this account (Stripe.js), to start a plan with. */
  paymentMethod?: { customerId: string; paymentMethodId: string };
  /** A request (not the scheduler): a declined card is refused (402) and the plan stays as it was. */
  request?: boolean;
  /** Columns stored with the new plan. */
  extra?: Partial<Pick<UserRow, PlanColumn>>;
  /** The hold on the plan this change runs under (a change waiting on the provider holds the plan until it is done). */
  lease?: string;
}

/** How long a change waiting on the provider holds the plan at most (a process that died lets go then). */
const PLAN_LEASE_MS = 2 * 60_000;
/** Effects that wait on the payment provider: their change holds the plan until they are done. */
const PROVIDER_EFFECTS = new Set<PlanEffect['type']>(['charge', 'start-at-provider', 'cancel-at-provider', 'read-provider']);
const PLAN_BUSY = 'A payment for this plan is being made or your plan changed meanwhile: please try again in a moment';

type PlanColumns = Partial<Pick<UserRow, PlanColumn>>;

function columnsOf(state: PlanState): PlanColumns {
  const { payWith: _payWith, status, ...rest } = state;
  return { ...rest, subscriptionStatus: status };
}

/** A provider subscription as the plan rules read it; one still waiting for approval or payment bills nothing yet. */
function readingOf(subscription: ProviderSubscription | undefined): ProviderPlanReading {
  if (!subscription) return { status: 'ended', trialEndsAt: null, periodEnd: null };
  if (subscription.status === 'ended') return { status: 'ended', trialEndsAt: null, periodEnd: subscription.periodEnd };
  const status = subscription.status === 'pending' ? 'past_due' : subscription.status;
  return { status, trialEndsAt: subscription.trialEndsAt, periodEnd: subscription.periodEnd };
}

/** It bills (or will, after its trial): trialing, active or past due. */
function isLive(subscription: ProviderSubscription | undefined): boolean {
  return (
    subscription !== undefined &&
    (subscription.status === 'trialing' || subscription.status === 'active' || subscription.status === 'past_due')
  );
}

/**
 * Carries out the plan life cycle (plan-lifecycle.ts) for accounts: the trial step, subscribing, cancelling and
 * reactivating, the scheduler's tick, PayPal-style approvals, and what providers that bill plans report. Each change
 * is decided from the plan as read and stored only if the plan is still that one (its revision), so two requests,
 * or a request and a tick, never both act on one plan; charges go through billing, claimed per revision.
 *
 * Provider-billed plans (Stripe, PayPal, the sandbox's test-mode PayPal): an account has at most one live provider
 * subscription (linking a new one ends the previous one first); a subscription counts only when our server created
 * it for that account; its state is always read back from the provider, never taken from a webhook's body or the
 * payer; and the scheduler reads it back when its period ends with no news of a renewal.
 */
export class SubscriptionService {
  constructor(
    private readonly users: UserRepository,
    private readonly files: FileRepository,
    private readonly providerSubscriptions: ProviderSubscriptionRepository,
    private readonly billing: BillingService,
    private readonly payments: PaymentPort,
    private readonly mail: MailPort,
    private readonly tasks: BackgroundTasks,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly appUrl: string,
  ) {}

  details(user: UserRow): SubscriptionDetails {
    const now = this.clock.now();
    const plan = planOf(user, now);
    const state = this.stateOf(user);
    return {
      plan: plan.plan,
      status: plan.subscriptionStatus,
      provider: user.billingProvider ?? (user.cardToken ? this.payments.provider : null),
      checkoutProvider: this.payments.provider,
      paymentMethods: {
        card: this.payments.cards ? 'form' : this.payments.cardFieldPlans ? 'stripe' : null,
        paypal: this.payments.approvalPlans !== undefined,
      },
      trialEndDate: user.trialEndsAt?.toISOString() ?? null,
      nextBillingDate: user.nextChargeAt?.toISOString() ?? null,
      accessEndsAt: accessEndsAt(state)?.toISOString() ?? null,
      price: SUBSCRIPTION_PRICE_USD,
      card:
        user.cardBrand && user.cardLast4 && user.cardExpMonth && user.cardExpYear
          ? { brand: user.cardBrand, last4: user.cardLast4, expMonth: user.cardExpMonth, expYear: user.cardExpYear }
          : null,
      canCancel: ['trial', 'active', 'past_due'].includes(user.subscriptionStatus) && (plan.isTrialActive || plan.isSubscribed),
      canReactivate: user.subscriptionStatus === 'canceled' || user.subscriptionStatus === 'expired',
    };
  }

  /** The trial step with a card typed into our form: the card is saved at the provider, then the 7-day trial starts. */
  async startTrial(user: UserRow, card: CardInput | undefined): Promise<User> {
    if (!card) throw new ValidationError('creditCard is required');
    if (!this.payments.cards) throw new ValidationError('Please enter your card in the secure payment form');
    if (user.subscriptionStatus !== 'none' || user.trialEndsAt) throw new ConflictError(ErrorMessages.trialUsed);
    const withCard = await this.saveCard(user, card);
    const row = await this.apply(withCard, { type: 'start-trial' }, { request: true });
    // Files uploaded while free were temporary; a trial account keeps them.
    await this.files.keepAll(user.id);
    return toUserView(row, this.clock.now());
  }

  /**
   * The trial step with a provider that bills the plan itself (Stripe): the payment method its own card fields made,
   * checked to belong to this account, starts the provider's 7-day trial.
   */
  async startProviderTrial(user: UserRow, paymentMethodId: string): Promise<User> {
    if (user.subscriptionStatus !== 'none' || user.trialEndsAt) throw new ConflictError(ErrorMessages.trialUsed);
    const paymentMethod = await this.providerPaymentMethod(user, paymentMethodId);
    const row = await this.apply(user, { type: 'start-trial' }, { paymentMethod, request: true });
    await this.files.keepAll(user.id);
    return toUserView(row, this.clock.now());
  }

  /** Premium now: with a new card (typed, or saved by the provider's fields) or the one on file; a declined card changes nothing (402). */
  async subscribe(given: UserRow, card: CardInput | undefined, paymentMethodId?: string): Promise<SubscriptionDetails> {
    let user = await this.readProviderPlan(given);
    if (!paymentMethodId && user.subscriptionStatus === 'trial' && user.billingProvider && user.providerSubscriptionId) {
      // Subscribing by card during a trial a provider will bill from its end (a PayPal approval that took up a
      // canceled trial): the provider's subscription ends first, or both would bill the first month.
      await this.endAtProvider(user);
      user = await this.refresh(user);
    }
    await this.endEveryLiveSubscription(user.id, user.providerSubscriptionId);
    let row: UserRow;
    if (paymentMethodId) {
      row = await this.apply(
        user,
        { type: 'subscribe' },
        { paymentMethod: await this.providerPaymentMethod(user, paymentMethodId), request: true },
      );
    } else {
      if (card && !this.payments.cards) throw new ValidationError('Please enter your card in the secure payment form');
      const withCard = card ? await this.saveCard(user, card) : user;
      row = await this.apply(withCard, { type: 'subscribe' }, { request: true });
    }
    await this.files.keepAll(user.id);
    return this.details(row);
  }

  /** No more charges: the plan's provider subscription ends, and any other one we made for the account that bills. */
  async cancel(given: UserRow): Promise<SubscriptionDetails> {
    // A charge the provider made that we have not heard of yet is part of what the cancel keeps.
    const user = await this.readProviderPlan(given);
    // Any other live subscription made for the account ends first, even when the plan is canceled already.
    await this.endEveryLiveSubscription(user.id, user.providerSubscriptionId);
    return this.details(await this.apply(user, { type: 'cancel' }, { request: true }));
  }

  async reactivate(given: UserRow): Promise<SubscriptionDetails> {
    const user = await this.readProviderPlan(given);
    await this.endEveryLiveSubscription(user.id, user.providerSubscriptionId);
    const row = await this.apply(user, { type: 'reactivate' }, { request: true });
    await this.files.keepAll(user.id);
    return this.details(row);
  }

  /**
   * A subscription for the payer to approve on the provider's page (PayPal, or the sandbox's test-mode PayPal),
   * recorded as made by us for this account; refused while the account's premium runs and renews. A canceled plan that
   * still runs is taken up again with billing from its end, so nothing is paid twice.
   */
  async createApproval(
    given: UserRow,
    payer: { userEmail: string; userName: string },
  ): Promise<{ id: string; approvalUrl: string | null }> {
    const plans = this.approvalPlans();
    const user = await this.readProviderPlan(given);
    const now = this.clock.now();
    const plan = planOf(user, now);
    const running = accessEndsAt(this.stateOf(user));
    const startAt = user.subscriptionStatus === 'canceled' && running && running > now ? running : null;
    if (plan.isSubscribed && !startAt) throw new ConflictError('You already have an active subscription');
    const created = await atProvider(this.logger, () =>
      plans.createSubscription({
        userId: user.id,
        email: payer.userEmail.trim() || user.email,
        name: payer.userName.trim() || user.name,
        trial: false,
        startAt,
      }),
    );
    await this.providerSubscriptions.record(plans.name, created.id, user.id);
    return created;
  }

  /**
   * Premium once the provider says so: the subscription must be one we created for this account, and is read from
   * the provider, never taken from the caller. Activating it again (a reload) changes nothing.
   */
  async activateApproval(user: UserRow, subscriptionId: string): Promise<SubscriptionDetails> {
    const plans = this.approvalPlans();
    if ((await this.providerSubscriptions.ownerOf(plans.name, subscriptionId)) !== user.id)
      throw new NotFoundError('PayPal subscription not found');
    const subscription = await this.readBack(user, plans, subscriptionId);
    if (!subscription) throw new NotFoundError('PayPal subscription not found');
    if (subscription.status === 'pending') throw new PaymentRequiredError('The subscription has not been approved at PayPal yet');
    if (subscription.status === 'ended') throw new ConflictError('This PayPal subscription has ended: please subscribe again');
    const row =
      user.providerSubscriptionId === subscriptionId && user.billingProvider === plans.name
        ? await this.refresh(user)
        : await this.link(user, plans, subscription);
    await this.files.keepAll(user.id);
    return this.details(row);
  }

  /** The scheduler: trial ends, renewals, retries, reminders, provider plans read back, up to `now`. */
  async tick(): Promise<number> {
    const now = this.clock.now();
    const due = await this.users.listPlansToTick(now, addDays(now, TRIAL_REMINDER_DAYS));
    let changed = 0;
    for (const user of due) {
      try {
        const after = await this.apply(user, { type: 'tick' });
        if (
          after.subscriptionStatus !== user.subscriptionStatus ||
          after.nextChargeAt?.getTime() !== user.nextChargeAt?.getTime()
        )
          changed += 1;
      } catch (err) {
        // Changed meanwhile: whoever changed it acted on the newer plan. Anything else (a provider down) must not stop
        // the others; the account is due again next tick.
        if (!(err instanceof PlanChangedError)) this.logger.error({ err, userId: user.id }, 'plan tick failed');
      }
    }
    return changed;
  }

  /**
   * What a provider that bills plans reports, once verified: the charge is recorded once, and the subscription read
   * back from the provider. The account's own subscription updates the plan; a live one we created for the account
   * that is not its plan's is linked when the account has none live, and ended at the provider otherwise. Anything
   * about a subscription we did not create changes nothing.
   */
  async handle(event: ProviderSubscriptionEvent): Promise<void> {
    const plans = this.payments.billedPlans(event.provider);
    const ownerId = plans && (await this.providerSubscriptions.ownerOf(event.provider, event.subscriptionId));
    const user = ownerId ? await this.users.findById(ownerId) : undefined;
    if (!plans || !user) {
      this.logger.warn(
        { provider: event.provider, subscriptionId: event.subscriptionId, type: event.type },
        'provider event for a subscription we did not create: ignored',
      );
      return;
    }
    const charged =
      event.type === 'paid' &&
      (await this.billing.recordPlanCharge({
        userId: user.id,
        provider: event.provider,
        reference: event.reference,
        amount: event.amount,
        currency: event.currency,
      }));
    let row = user;
    if (user.billingProvider === event.provider && user.providerSubscriptionId === event.subscriptionId) {
      row = await this.refresh(user);
    } else {
      const subscription = await this.readBack(user, plans, event.subscriptionId);
      if (subscription && isLive(subscription)) row = await this.adoptOrEnd(user, plans, subscription);
    }
    if (charged) this.sendMail('receipt', row);
  }

  /** Ends, at the provider, every subscription of an account that is being deleted. */
  async endBeforeDeletion(userId: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (user) await this.endAtProvider(user);
    await this.endEveryLiveSubscription(userId);
  }

  /**
   * Every subscription we made for the account that still bills (or will, after a trial) is ended at its provider:
   * a second tab's approval, one whose webhook has not come yet. One that was never approved bills nothing.
   */
  private async endEveryLiveSubscription(userId: string, except: string | null = null): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) return;
    for (const { provider, subscriptionId } of await this.providerSubscriptions.listOf(userId)) {
      if (subscriptionId === except) continue;
      const plans = this.payments.billedPlans(provider);
      const subscription = plans && (await this.readBack(user, plans, subscriptionId));
      if (plans && subscription && isLive(subscription))
        await atProvider(this.logger, () => plans.cancelSubscription(subscriptionId));
    }
  }

  /** How the account pays for a new plan: the card on file we charge, a new subscription at the provider, or nothing. */
  private stateOf(row: UserRow, context: ApplyContext = {}): PlanState {
    const payWith = context.paymentMethod
      ? 'provider'
      : !row.cardToken
        ? null
        : this.payments.cards
          ? 'card'
          : this.payments.cardFieldPlans
            ? 'provider'
            : null;
    return {
      status: row.subscriptionStatus,
      trialEndsAt: row.trialEndsAt,
      currentPeriodEnd: row.currentPeriodEnd,
      nextChargeAt: row.nextChargeAt,
      renewalAttempts: row.renewalAttempts,
      subscriptionStartedAt: row.subscriptionStartedAt,
      billingProvider: row.billingProvider,
      payWith,
      trialReminderSentAt: row.trialReminderSentAt,
    };
  }

  private approvalPlans(): ApprovalPlans {
    const plans = this.payments.approvalPlans;
    if (!plans) throw new NotFoundError('Not found');
    return plans;
  }

  /** The customer that saved a payment method with the provider's card fields, checked to be this account's. */
  private async providerPaymentMethod(
    user: UserRow,
    paymentMethodId: string,
  ): Promise<{ customerId: string; paymentMethodId: string }> {
    const plans = this.payments.cardFieldPlans;
    if (!plans) throw new ValidationError('Enter the card in the form: this payment provider takes card details directly');
    const customerId = await atProvider(this.logger, () => plans.customerOf(paymentMethodId, user.id));
    if (!customerId) throw new NotFoundError('This payment method was not set up for your account');
    return { customerId, paymentMethodId };
  }

  private async saveCard(user: UserRow, card: CardInput): Promise<UserRow> {
    const cards = this.payments.cards;
    if (!cards) throw new ValidationError('Please enter your card in the secure payment form');
    const [month, year] = card.expiryDate.split('/').map(Number) as [number, number];
    const expYear = 2000 + year;
    // A card works until the end of its expiry month.
    if (new Date(Date.UTC(expYear, month, 1)) <= this.clock.now()) throw new PaymentRequiredError(ErrorMessages.cardExpired);
    const saved = await cards
      .saveCard({ number: card.cardNumber, expMonth: month, expYear, cvv: card.cvv, holder: card.cardholderName })
      .catch((err: unknown) => {
        throw err instanceof CardDeclinedError ? new PaymentRequiredError(ErrorMessages.cardDeclined) : err;
      });
    const row = await this.users.updatePlan(
      user.id,
      { cardToken: saved.token, cardBrand: saved.brand, cardLast4: saved.last4, cardExpMonth: month, cardExpYear: expYear },
      this.clock.now(),
    );
    if (!row) throw new PlanChangedError(PLAN_BUSY);
    return row;
  }

  /**
   * Applies one event to the plan as read: decided by the rules, stored only if the plan is still the one read and no
   * other change holds it (else PlanChangedError, and nothing is charged), then its effects carried out (their results
   * applied in turn). A change whose effects wait on the provider holds the plan until they are done, so nothing else
   * decides from the plan meanwhile; ending the provider's subscription comes before the new plan is stored, so a plan
   * is never stored as canceled while the provider still bills. A change made under a hold (a charge's result) that
   * meets a plan changed meanwhile (the card saved again) is merged into the plan as it is now.
   */
  private async apply(user: UserRow, event: PlanEvent, context: ApplyContext = {}): Promise<UserRow> {
    let current = user;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.applyOnce(current, event, context);
      } catch (err) {
        if (!(err instanceof PlanChangedError) || !context.lease || attempt >= 5) throw err;
        current = (await this.users.findById(user.id)) ?? current;
      }
    }
  }

  private async applyOnce(user: UserRow, event: PlanEvent, context: ApplyContext): Promise<UserRow> {
    const now = this.clock.now();
    let change: PlanChange;
    try {
      change = nextPlan(this.stateOf(user, context), now, event);
    } catch (err) {
      if (err instanceof PlanRuleError)
        throw err.kind === 'conflict' ? new ConflictError(err.message) : new PaymentRequiredError(err.message);
      throw err;
    }
    let row = user;
    let lease = context.lease;
    const holds = !lease && change.effects.some((e) => PROVIDER_EFFECTS.has(e.type));
    if (holds) {
      lease = randomUUID();
      const held = await this.users.updatePlanAt(
        user.id,
        user.planRevision,
        { planLease: lease, planLeaseUntil: new Date(now.getTime() + PLAN_LEASE_MS) },
        { now },
      );
      if (!held) throw new PlanChangedError(PLAN_BUSY);
      row = held;
    }
    try {
      const endsAtProvider = change.effects.some((e) => e.type === 'cancel-at-provider');
      if (endsAtProvider) await this.endAtProvider(user);
      const columns = {
        ...columnsOf(change.state),
        ...(endsAtProvider ? { providerSubscriptionId: null } : {}),
        ...context.extra,
      };
      const stored = await this.users.updatePlanAt(user.id, row.planRevision, columns, { now, lease });
      if (!stored) throw new PlanChangedError(PLAN_BUSY);
      let current = stored;
      for (const effect of change.effects)
        current = await this.carryOut(current, effect, { ...context, lease }, user.planRevision);
      return current;
    } finally {
      if (holds && lease) await this.users.releasePlanLease(user.id, lease);
    }
  }

  private async carryOut(user: UserRow, effect: PlanEffect, context: ApplyContext, revision: number): Promise<UserRow> {
    switch (effect.type) {
      case 'mail':
        this.sendMail(effect.mail, user);
        return user;
      case 'cancel-at-provider':
        return user;
      case 'charge':
        return this.charge(user, effect, context, revision);
      case 'start-at-provider':
        return this.startAtProvider(user, effect, context, revision);
      case 'read-provider':
        return this.refresh(user, context);
    }
  }

  /**
   * One charge of the card on file, through billing, claimed for the plan revision it was decided at: another
   * request or process deciding from the same plan gets no claim and charges nothing.
   */
  private async charge(
    user: UserRow,
    effect: Extract<PlanEffect, { type: 'charge' }>,
    context: ApplyContext,
    revision: number,
  ): Promise<UserRow> {
    if (!user.cardToken) throw new PaymentRequiredError('Add a card to subscribe');
    const result = await this.billing.chargePlan({
      userId: user.id,
      cardToken: user.cardToken,
      amount: effect.amount,
      claimKey: `plan@${revision}`,
      description: `Shrinkly Premium, ${effect.periodStart.toISOString().slice(0, 10)} to ${effect.periodEnd.toISOString().slice(0, 10)}`,
      period: { start: effect.periodStart, end: effect.periodEnd },
    });
    if (result.outcome === 'paid')
      return this.apply(user, { type: 'charge-succeeded', periodStart: effect.periodStart }, context);
    if (result.outcome === 'claimed-elsewhere') {
      if (context.request) throw new ConflictError('A payment for this plan is already being made: please wait a moment');
      return user;
    }
    if (context.request) throw new PaymentRequiredError(ErrorMessages.cardDeclined);
    return this.apply(user, { type: 'charge-failed' }, context);
  }

  /** A new subscription at the provider whose card fields saved the card (Stripe), linked as the plan's one. */
  private async startAtProvider(
    user: UserRow,
    effect: Extract<PlanEffect, { type: 'start-at-provider' }>,
    context: ApplyContext,
    revision: number,
  ): Promise<UserRow> {
    const plans = this.payments.cardFieldPlans;
    const customerId = context.paymentMethod?.customerId ?? user.cardToken;
    if (!plans || !customerId) throw new PaymentRequiredError('Add a card to subscribe');
    const subscription = await atProvider(this.logger, () =>
      plans.startSubscription({
        customerId,
        paymentMethodId: context.paymentMethod?.paymentMethodId ?? null,
        userId: user.id,
        trial: effect.trial,
        deferUntil: effect.deferUntil,
        attempt: `plan@${revision}`,
      }),
    ).catch((err: unknown) => {
      throw err instanceof CardDeclinedError ? new PaymentRequiredError(ErrorMessages.cardDeclined) : err;
    });
    await this.providerSubscriptions.record(plans.name, subscription.id, user.id);
    if (!isLive(subscription)) {
      // Made but not billing (its first payment failed): it must not stay behind.
      await atProvider(this.logger, () => plans.cancelSubscription(subscription.id));
      throw new PaymentRequiredError(ErrorMessages.cardDeclined);
    }
    const card = subscription.card;
    const cardColumns: PlanColumns = card
      ? {
          cardToken: card.token,
          cardBrand: card.brand,
          cardLast4: card.last4,
          cardExpMonth: card.expMonth,
          cardExpYear: card.expYear,
        }
      : {};
    return this.link(user, plans, subscription, cardColumns, context);
  }

  /**
   * Makes a live provider subscription the plan's: the account's previous one is ended first (one live provider
   * subscription per account); one the rules refuse (a second free trial) or that lost a race is ended at once.
   * Charges it reports are recorded once.
   */
  private async link(
    user: UserRow,
    plans: ProviderBilledPlans,
    subscription: ProviderSubscription,
    extra: PlanColumns = {},
    context: ApplyContext = {},
  ): Promise<UserRow> {
    // What the provider took is in the ledger whatever happens next.
    await this.recordCharges(user, plans, subscription);
    const event: PlanEvent = { type: 'provider-linked', provider: plans.name, subscription: readingOf(subscription) };
    try {
      // The rules first (a second free trial is refused), before the account's previous subscription is touched.
      nextPlan(this.stateOf(user, context), this.clock.now(), event);
      if (user.providerSubscriptionId && user.providerSubscriptionId !== subscription.id) await this.endAtProvider(user);
      return await this.apply(user, event, {
        ...context,
        request: true,
        extra: { ...extra, providerSubscriptionId: subscription.id },
      });
    } catch (err) {
      // Refused by the rules: it must not stay behind. A plan that kept changing leaves it to its webhook, which links it.
      const refused = err instanceof PlanRuleError || (err instanceof ConflictError && !(err instanceof PlanChangedError));
      if (refused) {
        await atProvider(this.logger, () => plans.cancelSubscription(subscription.id));
        this.logger.info(
          { userId: user.id, subscriptionId: subscription.id, reason: err.message },
          'provider subscription refused and ended',
        );
        if (err instanceof PlanRuleError) throw new ConflictError(err.message);
      }
      throw err;
    }
  }

  /** A live subscription we made for the account that is not its plan's (a late approval): adopted, or ended. */
  private async adoptOrEnd(user: UserRow, plans: ProviderBilledPlans, subscription: ProviderSubscription): Promise<UserRow> {
    if (user.billingProvider) {
      await atProvider(this.logger, () => plans.cancelSubscription(subscription.id));
      this.logger.info({ userId: user.id, subscriptionId: subscription.id }, 'a second live provider subscription ended');
      return user;
    }
    try {
      return await this.link(user, plans, subscription);
    } catch (err) {
      // Refused by the rules (and ended at the provider): a webhook has nothing to retry.
      if (err instanceof ConflictError && !(err instanceof PlanChangedError)) return user;
      throw err;
    }
  }

  /**
   * Before anything that starts billing: a plan a provider bills is first read back, so a renewal the provider made
   * but has not told us of yet is known, and a second subscription is never started for a period already paid.
   */
  private async readProviderPlan(user: UserRow): Promise<UserRow> {
    return user.billingProvider && user.providerSubscriptionId ? this.refresh(user) : user;
  }

  /** The plan's provider subscription read back from the provider, and the plan made to follow it. */
  private async refresh(user: UserRow, context: ApplyContext = {}): Promise<UserRow> {
    const plans = user.billingProvider ? this.payments.billedPlans(user.billingProvider) : undefined;
    if (!plans || !user.providerSubscriptionId) return user;
    const subscription = await this.readBack(user, plans, user.providerSubscriptionId);
    const reading = readingOf(subscription);
    return this.apply(
      user,
      { type: 'provider-state', subscription: reading },
      { lease: context.lease, ...(reading.status === 'ended' ? { extra: { providerSubscriptionId: null } } : {}) },
    );
  }

  /**
   * A subscription as the provider has it now; the charges it reports are recorded in the ledger (once each), so
   * whatever reads a subscription back, the ledger keeps up with what the provider took.
   */
  private async readBack(user: UserRow, plans: ProviderBilledPlans, id: string): Promise<ProviderSubscription | undefined> {
    const subscription = await atProvider(this.logger, () => plans.subscription(id));
    if (subscription) await this.recordCharges(user, plans, subscription);
    return subscription;
  }

  private async recordCharges(user: UserRow, plans: ProviderBilledPlans, subscription: ProviderSubscription): Promise<UserRow> {
    for (const charge of subscription.charges) {
      const recorded = await this.billing.recordPlanCharge({
        userId: user.id,
        provider: plans.name,
        reference: charge.reference,
        amount: charge.amount,
        currency: charge.currency,
      });
      if (recorded) this.sendMail('receipt', user);
    }
    return user;
  }

  /** Ends the account's provider subscription at the provider (harmless when it has ended). */
  private async endAtProvider(user: UserRow): Promise<void> {
    const plans = user.billingProvider ? this.payments.billedPlans(user.billingProvider) : undefined;
    const id = user.providerSubscriptionId;
    if (plans && id) await atProvider(this.logger, () => plans.cancelSubscription(id));
  }

  private sendMail(kind: PlanMail, user: UserRow): void {
    const message = planMail(
      kind,
      user,
      { trialEndsAt: user.trialEndsAt, periodEnd: user.currentPeriodEnd },
      `${this.appUrl}${pages.settings}`,
    );
    this.tasks.run('plan email', () => this.mail.send(message));
  }
}
