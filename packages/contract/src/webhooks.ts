/** What an account's webhook endpoints can be told about. */
export const WEBHOOK_EVENTS = [
  'compression.completed',
  'compression.failed',
  'conversion.completed',
  'conversion.failed',
  'file.ready',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Where a delivery stands: waiting for its next try, received with a 2xx, or given up after its retries. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
