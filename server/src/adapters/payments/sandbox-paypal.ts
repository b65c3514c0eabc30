import { randomBytes } from 'node:crypto';
import { CURRENCY, SUBSCRIPTION_PRICE_USD, TRIAL_DAYS } from '@shrinkly/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { addDays, addMonths, periodEndAfter } from '../../common/billing-calendar.js';
import type { Clock } from '../../common/clock.js';
import type { Database } from '../../db/client.js';
import { findOne } from '../../db/find-one.js';
import { type SandboxCharge, type SandboxSubscriptionRow, sandboxSubscriptions } from '../../db/schema/index.js';
import type { CheckoutLinkSigner } from './checkout-link.js';
import type { ApprovalPlans, ProviderSubscription, SubscriptionRequest, TestApprovalPages } from './payment.port.js';

/** The `billingProvider` of plans the sandbox's test-mode PayPal bills. */
export const SANDBOX_PAYPAL = 'sandbox-paypal';

/** An id shaped like PayPal's subscription ids (`I-` and 12 characters). */
function subscriptionId(): string {
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  return `I-${Array.from(randomBytes(12), (b) => alphabet[b % alphabet.length]).join('')}`;
}

function toProviderSubscription(row: SandboxSubscriptionRow, now: Date): ProviderSubscription {
  const trialRunning = row.trialEndsAt !== null && row.trialEndsAt > now && row.charges.length === 0;
  return {
    id: row.id,
    status:
      row.status === 'approval_pending' ? 'pending' : row.status === 'cancelled' ? 'ended' : trialRunning ? 'trialing' : 'active',
    userId: row.userId,
    trialEndsAt: trialRunning ? row.trialEndsAt : null,
    // Paid through the end of its last charged period: a trial, or a start to come, has paid for nothing yet.
    periodEnd: trialRunning
      ? row.trialEndsAt
      : row.charges.at(-1)?.periodEnd
        ? new Date(row.charges.at(-1)?.periodEnd as string)
        : null,
    charges: row.charges.map((c) => ({
      reference: c.reference,
      amount: c.amount,
      currency: c.currency,
      periodEnd: new Date(c.periodEnd),
    })),
    card: null,
  };
}

/**
 * The sandbox's test-mode PayPal: subscriptions approved on a page of our own server, plainly marked test mode, and
 * billed by the sandbox itself as PayPal bills its own (the first month at approval, or after the 7-day trial; then
 * each month). Its record is its own table, what PayPal keeps on its side; our plans read it back through this
 * capability as they read PayPal's API. It bills lazily: a subscription read at or after its period end is charged
 * for the periods that passed (test mode: every charge succeeds, no money moves).
 */
export class SandboxPaypal implements ApprovalPlans, TestApprovalPages {
  readonly name = SANDBOX_PAYPAL;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly appUrl: string,
    private readonly links: CheckoutLinkSigner,
  ) {}

  /** The approval page's own path, signed for the subscription: where its form posts. */
  approvalPath(id: string): string {
    return `/api/payments/sandbox/paypal/${encodeURIComponent(id)}?sig=${this.links.sign(id)}`;
  }

  verifyApproval(id: string, sig: string | undefined): boolean {
    return this.links.verify(id, sig);
  }

  async createSubscription(request: SubscriptionRequest): Promise<{ id: string; approvalUrl: string }> {
    const id = subscriptionId();
    await this.db
      .insert(sandboxSubscriptions)
      .values({ id, userId: request.userId, status: 'approval_pending', withTrial: request.trial, startsAt: request.startAt });
    return { id, approvalUrl: `${this.appUrl}${this.approvalPath(id)}` };
  }

  async subscription(id: string): Promise<ProviderSubscription | undefined> {
    const row = await this.billDue(id);
    return row && toProviderSubscription(row, this.clock.now());
  }

  /** The record as the approval page shows it; undefined for an id the sandbox never made. */
  async find(id: string): Promise<SandboxSubscriptionRow | undefined> {
    return findOne(this.db, sandboxSubscriptions, eq(sandboxSubscriptions.id, id));
  }

  /**
   * The payer approved: the subscription starts (its trial, or its first month, charged now). Approving it again (a
   * form sent twice) changes nothing; false when it had been cancelled.
   */
  async approve(id: string): Promise<boolean> {
    const row = await this.find(id);
    if (row?.status === 'active') return true;
    if (row?.status !== 'approval_pending') return false;
    const now = this.clock.now();
    const trialEndsAt = row.withTrial ? addDays(now, TRIAL_DAYS) : null;
    // Billing from its start (a later one, or the trial's end), else the first month now.
    const deferredTo = row.startsAt && row.startsAt > now ? row.startsAt : null;
    const periodEnd = deferredTo ?? trialEndsAt ?? addMonths(now, 1);
    const charges = deferredTo || trialEndsAt ? [] : [charge(now, periodEnd)];
    const updated = await this.db
      .update(sandboxSubscriptions)
      .set({ status: 'active', trialEndsAt, periodEnd, charges })
      .where(and(eq(sandboxSubscriptions.id, id), eq(sandboxSubscriptions.status, 'approval_pending')))
      .returning();
    return updated.length === 1 || (await this.find(id))?.status === 'active';
  }

  /** Ends it (the payer turned back at the approval page, or our server cancels it); harmless when it has ended. */
  async cancelSubscription(id: string): Promise<void> {
    await this.db
      .update(sandboxSubscriptions)
      .set({ status: 'cancelled', endedAt: this.clock.now() })
      .where(and(eq(sandboxSubscriptions.id, id), inArray(sandboxSubscriptions.status, ['approval_pending', 'active'])));
  }

  /** Charges an active subscription for every period that ended by now, once (the update is conditional on the record read). */
  private async billDue(id: string): Promise<SandboxSubscriptionRow | undefined> {
    for (;;) {
      const row = await this.find(id);
      const now = this.clock.now();
      if (row?.status !== 'active' || !row.periodEnd || row.periodEnd > now) return row;
      const anchor = row.startsAt ?? row.trialEndsAt ?? new Date(row.charges[0]?.paidAt ?? row.createdAt);
      const charges = [...row.charges];
      let periodEnd = row.periodEnd;
      while (periodEnd <= now) {
        const next = periodEndAfter(anchor, periodEnd);
        charges.push(charge(periodEnd, next));
        periodEnd = next;
      }
      const updated = await this.db
        .update(sandboxSubscriptions)
        .set({ charges, periodEnd })
        .where(and(eq(sandboxSubscriptions.id, id), eq(sandboxSubscriptions.periodEnd, row.periodEnd)))
        .returning();
      if (updated[0]) return updated[0];
      // Another reader billed it first: read it again.
    }
  }
}

function charge(paidAt: Date, periodEnd: Date): SandboxCharge {
  return {
    reference: `sandbox-paypal-${randomBytes(9).toString('hex')}`,
    amount: SUBSCRIPTION_PRICE_USD,
    currency: CURRENCY,
    paidAt: paidAt.toISOString(),
    periodEnd: periodEnd.toISOString(),
  };
}
