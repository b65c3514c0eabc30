import type { WebhookEvent } from '@shrinkly/contract';
import { and, arrayContains, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { deleteOwned } from '../../db/delete-owned.js';
import { findOne } from '../../db/find-one.js';
import { insertOne } from '../../db/insert-one.js';
import { type WebhookEndpointRow, webhookEndpoints } from '../../db/schema/index.js';

/** Named queries on webhook endpoints; every one is scoped to its owner. */
export class WebhookEndpointRepository {
  constructor(private readonly db: Database) {}

  listOwned(userId: string): Promise<WebhookEndpointRow[]> {
    return this.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId))
      .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  }

  /** The owner's endpoints that take `event`. */
  listSubscribed(userId: string, event: WebhookEvent): Promise<WebhookEndpointRow[]> {
    return this.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, userId), arrayContains(webhookEndpoints.events, [event])));
  }

  findOwned(id: string, userId: string): Promise<WebhookEndpointRow | undefined> {
    return findOne(this.db, webhookEndpoints, and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  }

  async countOwned(userId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
    return row?.n ?? 0;
  }

  create(values: { userId: string; url: string; events: WebhookEvent[]; secret: string }): Promise<WebhookEndpointRow> {
    return insertOne(this.db, webhookEndpoints, values);
  }

  /** Deletes the owner's endpoint (its deliveries go with it); false when there was none. */
  deleteOwned(id: string, userId: string): Promise<boolean> {
    return deleteOwned(this.db, webhookEndpoints, id, userId);
  }
}
