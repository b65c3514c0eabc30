import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { findOne } from '../../db/find-one.js';
import { type UserRow, users } from '../../db/schema/index.js';
import { SignInRecords } from './sign-in-records.js';

/** The columns the plan life cycle owns. */
export type PlanColumn =
  | 'subscriptionStatus'
  | 'trialEndsAt'
  | 'currentPeriodEnd'
  | 'nextChargeAt'
  | 'renewalAttempts'
  | 'subscriptionStartedAt'
  | 'billingProvider'
  | 'providerSubscriptionId'
  | 'trialReminderSentAt'
  | 'planLease'
  | 'planLeaseUntil'
  | 'cardToken'
  | 'cardBrand'
  | 'cardLast4'
  | 'cardExpMonth'
  | 'cardExpYear';

/** No change waiting on a payment provider holds the plan (or the one that did has run out of time). */
function leaseFree(now: Date) {
  return or(isNull(users.planLease), lt(users.planLeaseUntil, now));
}

/** Named queries on the users table: those of every sign-in table, and the account's plan and sign-ins. No business rules here. */
export class UserRepository extends SignInRecords<typeof users> {
  constructor(db: Database) {
    super(db, users);
  }

  /** Records a successful sign-in (staff see when each account last signed in). */
  async recordSignIn(id: string, at: Date): Promise<void> {
    await this.db.update(users).set({ lastSignInAt: at }).where(eq(users.id, id));
  }

  /**
   * Starts the free trial with a card on file, only for an account that never had a trial or subscription (the
   * condition is in the UPDATE, so two racing requests cannot both start one). Returns undefined otherwise.
   */
  async startTrial(
    id: string,
    values: {
      trialEndsAt: Date;
      cardToken: string;
      cardBrand: string;
      cardLast4: string;
      cardExpMonth: number;
      cardExpYear: number;
    },
  ): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...values, subscriptionStatus: 'trial' })
      .where(and(eq(users.id, id), eq(users.subscriptionStatus, 'none'), isNull(users.trialEndsAt)))
      .returning();
    return row;
  }

  async updatePreferences(id: string, preferences: Pick<UserRow, 'photoData'>): Promise<UserRow | undefined> {
    const [row] = await this.db.update(users).set(preferences).where(eq(users.id, id)).returning();
    return row;
  }

  /** Writes the plan fields (and the card on file) the plan life cycle decided. */
  /** Changes plan columns (the card on file) unless a change waiting on the provider holds the plan; undefined then. */
  async updatePlan(id: string, values: Partial<Pick<UserRow, PlanColumn>>, now = new Date()): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...values, planRevision: sql`${users.planRevision} + 1` })
      .where(and(eq(users.id, id), leaseFree(now)))
      .returning();
    return row;
  }

  /**
   * Stores a plan decided from the row at `revision`, raising the revision; undefined when the plan changed since
   * (another request, another process's tick) or another change holds it (`lease` is the caller's own hold, if any),
   * so a decision made on a stale plan is never written over a newer one.
   */
  async updatePlanAt(
    id: string,
    revision: number,
    values: Partial<Pick<UserRow, PlanColumn>>,
    hold: { now: Date; lease?: string },
  ): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...values, planRevision: revision + 1 })
      .where(
        and(
          eq(users.id, id),
          eq(users.planRevision, revision),
          hold.lease ? or(leaseFree(hold.now), eq(users.planLease, hold.lease)) : leaseFree(hold.now),
        ),
      )
      .returning();
    return row;
  }

  /** Lets go of a hold on the plan (nothing when another has taken it since). */
  async releasePlanLease(id: string, lease: string): Promise<void> {
    await this.db
      .update(users)
      .set({ planLease: null, planLeaseUntil: null })
      .where(and(eq(users.id, id), eq(users.planLease, lease)));
  }

  /**
   * Accounts whose plan time may have changed by `now`: a charge due, a canceled plan running out, a trial whose
   * reminder is due (its end before `remindBefore`).
   */
  async listPlansToTick(now: Date, remindBefore: Date, limit = 500): Promise<UserRow[]> {
    return this.db
      .select()
      .from(users)
      .where(
        or(
          lte(users.nextChargeAt, now),
          and(eq(users.subscriptionStatus, 'trial'), isNull(users.trialReminderSentAt), lte(users.trialEndsAt, remindBefore)),
        ),
      )
      .limit(limit);
  }

  async findByProviderSubscription(provider: string, subscriptionId: string): Promise<UserRow | undefined> {
    return findOne(this.db, users, and(eq(users.billingProvider, provider), eq(users.providerSubscriptionId, subscriptionId)));
  }

  /** Deletes the user; rows that belong to it go with it (foreign keys cascade). */
  async delete(id: string): Promise<boolean> {
    const rows = await this.db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    return rows.length > 0;
  }
}
