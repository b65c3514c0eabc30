import { hkdfSync, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@shrinkly/contract';
import type { WebhookDeliveryRow } from '../../db/schema/index.js';
import type { WebhookEndpointRepository } from './webhook-endpoint.repository.js';

/** A new endpoint's signing secret: `whsec_` and 32 random bytes. */
export function newEndpointSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * The keys deliveries are signed with: an endpoint's own secret, or for a one-off callbackUrl (no endpoint) the
 * account's callback secret, derived from the server's key and the account id, so it needs no storage and stays the
 * same across restarts and processes.
 */
export class WebhookSecrets {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly serverKey: string,
  ) {}

  callbackSecretOf(userId: string): string {
    const key = hkdfSync('sha256', this.serverKey, userId, 'shrinkly webhook callback secret v1', 32);
    return WEBHOOK_SECRET_PREFIX + Buffer.from(key).toString('base64url');
  }

  /** The secret that signs this delivery; undefined when its endpoint is gone. */
  async of(delivery: Pick<WebhookDeliveryRow, 'endpointId' | 'userId'>): Promise<string | undefined> {
    if (!delivery.endpointId) return this.callbackSecretOf(delivery.userId);
    return (await this.endpoints.findOwned(delivery.endpointId, delivery.userId))?.secret;
  }
}
