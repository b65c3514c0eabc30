import { CURRENCY, ErrorMessages, SUBSCRIPTION_PRICE_USD, type SubscriptionDetails, TRIAL_REMINDER_DAYS, type User } from '@shrinkly/contract';
import type { Logger } from 'pino';
import type { MailPort } from '../../adapters/mail/mail.port.js';
import { CardDeclinedError, type PaymentPort, ProviderUnavailableError } from '../../adapters/payments/payment.port.js';
import type { BackgroundTasks } from '../../common/background-tasks.js';
import type { Clock } from '../../common/clock.js';
import { ConflictError, NotFoundError, PaymentRequiredError, ValidationError } from '../../common/errors.js';
import type { UserRow } from '../../db/schema/index.js';
import type { PlanColumn, UserRepository } from '../accounts/user.repository.js';
import type { PaymentRepository } from '../billing/payment.repository.js';
import type { ProviderSubscriptionEvent } from '../billing/subscription-events.js';
import type { FileRepository } from '../files/file.repository.js';
import { addDays } from './billing-calendar.js';
import { planMail } from './plan-mails.js';
import { accessEndsAt, nextPlan, type PlanEffect, type PlanEvent, PlanRuleError, type PlanState } from './plan-lifecycle.js';
import { planOf } from './plan-of.js';
import { toUserView } from './user-view.js';

/** A card as the trial step and /subscribe send it; the number and CVV go to the provider only. */
export interface CardInput {
  cardNumber: string;
  expiryDate: string;
  cvv: string;
  cardholderName: string;
}

function stateOf(row: UserRow): PlanState {
  return {
    status: row.subscriptionStatus, trialEndsAt: row.trialEndsAt, currentPeriodEnd: row.currentPeriodEnd, nextChargeAt: row.nextChargeAt,
    renewalAttempts: row.renewalAttempts, subscriptionStartedAt: row.subscriptionStartedAt, billingProvider: row.billingProvider,
    hasCard: row.cardToken !== null, trialReminderSentAt: row.trialReminderSentAt,
  };
}

function columnsOf(state: PlanState): Partial<Pick<UserRow, PlanColumn>> {
  const { hasCard: _card, status, ...rest } = state;
  return { ...rest, subscriptionStatus: status };
}

/**
 * Carries out the plan life cycle (plan-lifecycle.ts) for accounts: the trial step, subscribing, cancelling and
 * reactivating, the scheduler's tick, and what providers that bill plans report. It persists each new plan, charges
 * the card on file once per period and attempt (the ledger's claim), sends the plan emails and ends provider
 * subscriptions. Every charge and failed charge is a ledger row.
 */
export class SubscriptionService {
  constructor(
    private readonly users: UserRepository,
    private readonly files: FileRepository,
    private readonly ledger: PaymentRepository,
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
    const state = stateOf(user);
    return {
      plan: plan.plan,
      status: plan.subscriptionStatus,
      provider: user.billingProvider ?? (user.cardToken ? this.payments.provider : null),
      checkoutProvider: this.payments.provider,
      paymentMethods: {
        card: this.payments.provider === 'stripe' ? 'stripe' : this.payments.provider === 'sandbox' ? 'form' : null,
        paypal: this.payments.provider !== 'stripe',
      },
      trialEndDate: user.trialEndsAt?.toISOString() ?? null,
      nextBillingDate: user.nextChargeAt?.toISOString() ?? null,
      accessEndsAt: accessEndsAt(state)?.toISOString() ?? null,
      price: SUBSCRIPTION_PRICE_USD,
      card: user.cardBrand && user.cardLast4 && user.cardExpMonth && user.cardExpYear
        ? { brand: user.cardBrand, last4: user.cardLast4, expMonth: user.cardExpMonth, expYear: user.cardExpYear }
        : null,
      canCancel: ['trial', 'active', 'past_due'].includes(user.subscriptionStatus) && plan.subscriptionStatus !== 'expired',
      canReactivate: user.subscriptionStatus === 'canceled' || user.subscriptionStatus === 'expired',
    };
  }

  /** The trial step: the card is saved at the provider, then the 7-day trial starts. */
  async startTrial(user: UserRow, card: CardInput | undefined): Promise<User> {
    if (!card) throw new ValidationError('creditCard is required');
    if (user.subscriptionStatus !== 'none' || user.trialEndsAt) throw new ConflictError(ErrorMessages.trialUsed);
    const withCard = await this.saveCard(user, card);
    const row = await this.apply(withCard, { type: 'start-trial' });
    // Files uploaded while free were temporary; a trial account keeps them.
    await this.files.keepAll(user.id);
    return toUserView(row, this.clock.now());
  }

  /**
   * The trial step with a provider that bills the plan itself (Stripe): the payment method its own card fields made,
   * checked to belong to this account, starts the provider's 7-day trial; the card on file is what it will charge.
   */
  async startProviderTrial(user: UserRow, paymentMethodId: string): Promise<User> {
    if (user.subscriptionStatus !== 'none' || user.trialEndsAt) throw new ConflictError(ErrorMessages.trialUsed);
    return toUserView(await this.startAtProvider(user, paymentMethodId, 'trial'), this.clock.now());
  }

  /**
   * A plan the provider runs and bills (Stripe), from the payment method its own card fields made, checked to belong
   * to this account: a 7-day trial, or premium now with the first month charged at once.
   */
  private async startAtProvider(user: UserRow, paymentMethodId: string, kind: 'trial' | 'premium'): Promise<UserRow> {
    const provider = this.payments.providerPlans;
    if (!provider) throw new ValidationError('Enter the card in the form: this payment provider takes card details directly');
    const customerId = await provider.customerOf(paymentMethodId, user.id);
    if (!customerId) throw new NotFoundError('This payment method was not set up for your account');
    const start = kind === 'trial' ? provider.startTrialSubscription(customerId, paymentMethodId) : provider.startPaidSubscription(customerId, paymentMethodId);
    const plan = await start.catch((err: unknown) => {
      throw err instanceof CardDeclinedError ? new PaymentRequiredError(ErrorMessages.cardDeclined) : err;
    });
    const card = plan.card;
    const linked = await this.users.updatePlan(user.id, {
      billingProvider: this.payments.provider, providerSubscriptionId: plan.subscriptionId,
      ...(card ? { cardToken: card.token, cardBrand: card.brand, cardLast4: card.last4, cardExpMonth: card.expMonth, cardExpYear: card.expYear } : {}),
    });
    const row = await this.apply(linked ?? user, { type: 'provider-activated', provider: this.payments.provider, trialEndsAt: plan.trialEndsAt, periodEnd: plan.periodEnd });
    await this.files.keepAll(user.id);
    return row;
  }

  /** Premium now: the given card is kept on file, then charged; a declined charge changes nothing (402). */
  async subscribe(user: UserRow, card: CardInput | undefined, paymentMethodId?: string): Promise<SubscriptionDetails> {
    if (paymentMethodId) {
      if (user.subscriptionStatus === 'active' || user.subscriptionStatus === 'past_due') throw new ConflictError('This account is already subscribed');
      return this.details(await this.startAtProvider(user, paymentMethodId, 'premium'));
    }
    const withCard = card ? await this.saveCard(user, card) : user;
    const row = await this.apply(withCard, { type: 'subscribe' }, { declinedIsRefusal: true });
    await this.files.keepAll(user.id);
    return this.details(row);
  }

  async cancel(user: UserRow): Promise<SubscriptionDetails> {
    return this.details(await this.apply(user, { type: 'cancel' }));
  }

  async reactivate(user: UserRow): Promise<SubscriptionDetails> {
    const row = await this.apply(user, { type: 'reactivate' }, { declinedIsRefusal: true });
    await this.files.keepAll(user.id);
    return this.details(row);
  }

  /** The scheduler: trial ends, renewals, retries, reminders and plans running out, up to `now`. */
  async tick(): Promise<number> {
    const now = this.clock.now();
    const due = await this.users.listPlansToTick(now, addDays(now, TRIAL_REMINDER_DAYS));
    let changed = 0;
    for (const user of due) {
      try {
        const after = await this.apply(user, { type: 'tick' });
        if (after.subscriptionStatus !== user.subscriptionStatus || after.nextChargeAt?.getTime() !== user.nextChargeAt?.getTime()) changed += 1;
      } catch (err) {
        // One account's trouble (a provider down) must not stop the others; it is due again next tick.
        this.logger.error({ err, userId: user.id }, 'plan tick failed');
      }
    }
    return changed;
  }

  /** What a provider that bills the plan reports, once verified. */
  async handle(event: ProviderSubscriptionEvent): Promise<void> {
    if (event.type === 'activated') {
      const user = await this.users.findById(event.userId);
      if (!user) throw new NotFoundError('No such account');
      const linked = await this.users.updatePlan(user.id, { providerSubscriptionId: event.subscriptionId, billingProvider: event.provider });
      await this.apply(linked ?? user, { type: 'provider-activated', provider: event.provider, trialEndsAt: event.trialEndsAt, periodEnd: event.periodEnd });
      return;
    }
    const user = await this.users.findByProviderSubscription(event.provider, event.subscriptionId);
    if (!user) {
      this.logger.warn({ provider: event.provider, subscriptionId: event.subscriptionId, type: event.type }, 'provider event for an unknown subscription ignored');
      return;
    }
    if (event.type === 'paid') {
      const recorded = await this.ledger.record({
        kind: 'subscription', amount: event.amount, currency: event.currency, userId: user.id, provider: event.provider,
        providerReference: event.reference, periodKey: `${event.provider}:${event.eventId}`,
      });
      // A replayed event finds its payment recorded and changes nothing.
      if (!recorded) return;
      await this.apply(user, { type: 'provider-paid', periodEnd: event.periodEnd });
      return;
    }
    await this.apply(user, event.type === 'payment-failed' ? { type: 'provider-payment-failed' } : { type: 'provider-canceled' });
  }

  /** Ends the provider's subscription of an account that is being deleted. */
  async endBeforeDeletion(userId: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (user?.providerSubscriptionId && ['trial', 'active', 'past_due'].includes(user.subscriptionStatus)) {
      await this.payments.cancelSubscription(user.providerSubscriptionId);
    }
  }

  private async saveCard(user: UserRow, card: CardInput): Promise<UserRow> {
    const [month, year] = card.expiryDate.split('/').map(Number) as [number, number];
    const expYear = 2000 + year;
    // A card works until the end of its expiry month.
    if (new Date(Date.UTC(expYear, month, 1)) <= this.clock.now()) throw new PaymentRequiredError(ErrorMessages.cardExpired);
    const saved = await this.payments
      .saveCard({ number: card.cardNumber, expMonth: month, expYear, cvv: card.cvv, holder: card.cardholderName })
      .catch((err: unknown) => {
        throw err instanceof CardDeclinedError ? new PaymentRequiredError(ErrorMessages.cardDeclined) : err;
      });
    const row = await this.users.updatePlan(user.id, { cardToken: saved.token, cardBrand: saved.brand, cardLast4: saved.last4, cardExpMonth: month, cardExpYear: expYear });
    return row ?? user;
  }

  /** Applies one event: the new plan is stored, then its effects carried out (a charge's result applied in turn). */
  private async apply(user: UserRow, event: PlanEvent, options: { declinedIsRefusal?: boolean } = {}): Promise<UserRow> {
    const now = this.clock.now();
    let change;
    try {
      change = nextPlan(stateOf(user), now, event);
    } catch (err) {
      if (err instanceof PlanRuleError) throw err.kind === 'conflict' ? new ConflictError(err.message) : new PaymentRequiredError(err.message);
      throw err;
    }
    let row = (await this.users.updatePlan(user.id, columnsOf(change.state))) ?? user;
    for (const effect of change.effects) row = await this.carryOut(row, effect, options);
    return row;
  }

  private async carryOut(user: UserRow, effect: PlanEffect, options: { declinedIsRefusal?: boolean }): Promise<UserRow> {
    switch (effect.type) {
      case 'mail': {
        const message = planMail(effect.mail, user, { trialEndsAt: user.trialEndsAt, periodEnd: user.currentPeriodEnd }, `${this.appUrl}/settings`);
        this.tasks.run('plan email', () => this.mail.send(message));
        return user;
      }
      case 'cancel-at-provider':
        if (user.providerSubscriptionId) await this.payments.cancelSubscription(user.providerSubscriptionId);
        return user;
      case 'charge':
        return this.charge(user, effect, options);
    }
  }

  /**
   * One charge of the card on file for a period and attempt, at most once whatever runs it: the ledger row is
   * claimed first (unique per account and period key), then the provider asked with the same idempotency key.
   */
  private async charge(user: UserRow, effect: Extract<PlanEffect, { type: 'charge' }>, options: { declinedIsRefusal?: boolean }): Promise<UserRow> {
    if (!user.cardToken) throw new PaymentRequiredError('Add a card to subscribe');
    const periodKey = `${effect.periodStart.toISOString()}#${effect.attempt}`;
    const claim = await this.ledger.claim({
      kind: 'subscription', amount: effect.amount, currency: CURRENCY, userId: user.id, provider: this.payments.provider,
      providerReference: `claim-${user.id}-${periodKey}`, periodKey,
    });
    if (!claim) return user;
    try {
      const { reference } = await this.payments.charge({
        cardToken: user.cardToken, amount: effect.amount, currency: CURRENCY, description: 'Shrinkly Premium, one month', idempotencyKey: `${user.id}:${periodKey}`,
      });
      await this.ledger.settle(claim.id, 'succeeded', reference);
      return this.apply(user, { type: 'charge-succeeded', periodStart: effect.periodStart });
    } catch (err) {
      if (err instanceof CardDeclinedError) {
        await this.ledger.settle(claim.id, 'failed');
        if (options.declinedIsRefusal) throw new PaymentRequiredError(ErrorMessages.cardDeclined);
        return this.apply(user, { type: 'charge-failed' });
      }
      if (err instanceof ProviderUnavailableError) await this.ledger.release(claim.id);
      throw err;
    }
  }
}
