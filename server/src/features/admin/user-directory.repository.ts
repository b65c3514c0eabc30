import { and, count, desc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { files, type UserRow, users } from '../../db/schema/index.js';

/** The columns staff see of an account: never its password hash, token version, card token or reset tokens. */
export type DirectoryUser = Pick<
  UserRow,
  | 'id'
  | 'name'
  | 'email'
  | 'subscriptionStatus'
  | 'trialEndsAt'
  | 'currentPeriodEnd'
  | 'subscriptionStartedAt'
  | 'storageUsed'
  | 'createdAt'
  | 'lastSignInAt'
  | 'photoData'
> & { filesCount: number };

/** The plan columns of an account, for counting plans with the one plan rule. */
export type PlanColumns = Pick<UserRow, 'subscriptionStatus' | 'trialEndsAt' | 'currentPeriodEnd'>;

/** Named queries over all accounts, for staff: searched, paged, counted. */
export class UserDirectoryRepository {
  constructor(private readonly db: Database) {}

  /** One page of accounts matching `search` (part of the name or email, any case), newest first, with their ready files counted. */
  async page(search: string | undefined, limit: number, offset: number): Promise<DirectoryUser[]> {
    const fileCounts = this.db
      .select({ userId: files.userId, n: count().as('n') })
      .from(files)
      .where(eq(files.status, 'ready'))
      .groupBy(files.userId)
      .as('file_counts');
    return this.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        subscriptionStatus: users.subscriptionStatus,
        trialEndsAt: users.trialEndsAt,
        currentPeriodEnd: users.currentPeriodEnd,
        subscriptionStartedAt: users.subscriptionStartedAt,
        storageUsed: users.storageUsed,
        createdAt: users.createdAt,
        lastSignInAt: users.lastSignInAt,
        photoData: users.photoData,
        filesCount: sql<number>`coalesce(${fileCounts.n}, 0)::int`,
      })
      .from(users)
      .leftJoin(fileCounts, eq(fileCounts.userId, users.id))
      .where(matching(search))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset(offset);
  }

  /** Accounts matching `search`; all accounts without one. */
  async count(search?: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users).where(matching(search));
    return row?.n ?? 0;
  }

  /** Accounts with an active plan (premium whatever their dates), counted in SQL. */
  async countActive(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users).where(eq(users.subscriptionStatus, 'active'));
    return row?.n ?? 0;
  }

  /**
   * The plan columns of past-due and canceled accounts whose paid period ended after `since`: the only others that
   * may still be premium (the plan rule decides), so the count never loads every account that ever paid.
   */
  async runningOutPlans(since: Date): Promise<PlanColumns[]> {
    return this.db
      .select({
        subscriptionStatus: users.subscriptionStatus,
        trialEndsAt: users.trialEndsAt,
        currentPeriodEnd: users.currentPeriodEnd,
      })
      .from(users)
      .where(and(inArray(users.subscriptionStatus, ['past_due', 'canceled']), gt(users.currentPeriodEnd, since)));
  }
}

/** Name or email containing `search`, any case; the search's own % _ \ match themselves. */
function matching(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(users.name, pattern), ilike(users.email, pattern));
}
