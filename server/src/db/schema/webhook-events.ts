import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { moment } from './columns.js';

/**
 * Provider webhook events already handled, by the provider's event id: a redelivered or replayed event is
 * acknowledged without acting twice. A row is claimed before the event is handled and released if handling fails,
 * so the provider's retry runs it again.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: moment('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
