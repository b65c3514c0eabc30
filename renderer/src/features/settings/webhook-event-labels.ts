import type { WebhookEvent } from '@shrinkly/contract';

/** How /settings names each webhook event. */
export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'compression.completed': 'Compression completed',
  'compression.failed': 'Compression failed',
  'conversion.completed': 'Conversion completed',
  'conversion.failed': 'Conversion failed',
  'file.ready': 'File ready in My Files',
};
