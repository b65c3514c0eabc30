import type { WebhookDelivery, WebhookEndpoint } from '@shrinkly/contract';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../db/schema/index.js';

/** An endpoint as its owner sees it, secret included. */
export function toWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return { id: row.id, url: row.url, events: row.events, secret: row.secret, createdAt: row.createdAt.toISOString() };
}

/** A delivery as /settings lists it: how it went, not what it carried. */
export function toWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    url: row.url,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}
