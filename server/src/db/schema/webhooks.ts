import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from '@shrinkly/contract';
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, moment, rowId } from './columns.js';
import { ownerId } from './users.js';

/** An account's webhook endpoints: where to post which events, each signed with the endpoint's own secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: rowId(),
    userId: ownerId(),
    url: text('url').notNull(),
    events: text('events', { enum: WEBHOOK_EVENTS }).array().notNull(),
    /** The signing secret (`whsec_…`): kept readable, since every delivery is signed with it. */
    secret: text('secret').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * One event to deliver to one endpoint (or to a request's one-off `callbackUrl`, with no endpoint), and how its
 * tries went. The row is the delivery's durable record: a restart puts pending ones back on the queue.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: rowId(),
    userId: ownerId(),
    /** Null for a one-off callback. */
    endpointId: uuid('endpoint_id').references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    event: text('event', { enum: WEBHOOK_EVENTS }).notNull(),
    /** The JSON body, exactly as signed and sent. */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: moment('delivered_at'),
  },
  (t) => [
    index('webhook_deliveries_user_idx').on(t.userId, t.createdAt),
    index('webhook_deliveries_pending_idx').on(t.status, t.nextAttemptAt),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
