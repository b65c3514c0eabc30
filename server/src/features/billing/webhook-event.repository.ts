import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { webhookEvents } from '../../db/schema/index.js';

/** Provider webhook events already handled: each event id acts once. */
export class WebhookEventRepository {
  constructor(private readonly db: Database) {}

  /** True when this call claimed the event; false when it was handled (or is being handled) already. */
  async claim(provider: string, eventId: string, type: string): Promise<boolean> {
    const rows = await this.db.insert(webhookEvents).values({ provider, eventId, type }).onConflictDoNothing().returning();
    return rows.length === 1;
  }

  /** Handling failed: the provider's retry of the event runs it again. */
  async release(provider: string, eventId: string): Promise<void> {
    await this.db.delete(webhookEvents).where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)));
  }
}
