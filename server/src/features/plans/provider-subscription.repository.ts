import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { providerSubscriptions } from '../../db/schema/index.js';

/** The subscriptions our server created at providers, each with the account it was made for. */
export class ProviderSubscriptionRepository {
  constructor(private readonly db: Database) {}

  /** Records that we created this subscription for this account (once; a repeat changes nothing). */
  async record(provider: string, subscriptionId: string, userId: string): Promise<void> {
    await this.db.insert(providerSubscriptions).values({ provider, subscriptionId, userId }).onConflictDoNothing();
  }

  /** Every subscription we created for the account, oldest first. */
  async listOf(userId: string): Promise<Array<{ provider: string; subscriptionId: string }>> {
    return this.db
      .select({ provider: providerSubscriptions.provider, subscriptionId: providerSubscriptions.subscriptionId })
      .from(providerSubscriptions)
      .where(eq(providerSubscriptions.userId, userId))
      .orderBy(providerSubscriptions.createdAt);
  }

  /** The account we created the subscription for; undefined when it is not one of ours. */
  async ownerOf(provider: string, subscriptionId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ userId: providerSubscriptions.userId })
      .from(providerSubscriptions)
      .where(and(eq(providerSubscriptions.provider, provider), eq(providerSubscriptions.subscriptionId, subscriptionId)))
      .limit(1);
    return row?.userId;
  }
}
