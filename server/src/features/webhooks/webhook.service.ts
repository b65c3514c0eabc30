import {
  type CreateWebhookRequest,
  WEBHOOK_ENDPOINTS_MAX,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookList,
  WebhookMessages,
} from '@shrinkly/contract';
import type { Clock } from '../../common/clock.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import type { UserRow } from '../../db/schema/index.js';
import { planOf } from '../../read-models/plan-of.js';
import type { WebhookDeliveryHandler } from './webhook-delivery.job-handler.js';
import type { WebhookDeliveryRepository } from './webhook-delivery.repository.js';
import type { WebhookEndpointRepository } from './webhook-endpoint.repository.js';
import { newEndpointSecret, type WebhookSecrets } from './webhook-secrets.js';
import { RefusedUrlError, type WebhookSender } from './webhook-sender.js';
import { toWebhookDelivery, toWebhookEndpoint } from './webhook-views.js';

/** The rules of an account's webhooks: trial and premium only, at most WEBHOOK_ENDPOINTS_MAX endpoints, public URLs. */
export class WebhookService {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly secrets: WebhookSecrets,
    private readonly sender: WebhookSender,
    private readonly handler: WebhookDeliveryHandler,
    private readonly clock: Clock,
  ) {}

  async list(user: UserRow): Promise<WebhookList> {
    this.assertPlan(user);
    const rows = await this.endpoints.listOwned(user.id);
    return { endpoints: rows.map(toWebhookEndpoint), callbackSecret: this.secrets.callbackSecretOf(user.id) };
  }

  async create(user: UserRow, request: CreateWebhookRequest): Promise<WebhookEndpoint> {
    this.assertPlan(user);
    if ((await this.endpoints.countOwned(user.id)) >= WEBHOOK_ENDPOINTS_MAX) throw new ConflictError(WebhookMessages.tooMany);
    await this.assertReachable(request.url);
    const events = [...new Set(request.events)];
    const row = await this.endpoints.create({ userId: user.id, url: request.url, events, secret: newEndpointSecret() });
    return toWebhookEndpoint(row);
  }

  async remove(user: UserRow, id: string): Promise<void> {
    this.assertPlan(user);
    if (!isUuid(id) || !(await this.endpoints.deleteOwned(id, user.id)))
      throw new NotFoundError(WebhookMessages.endpointNotFound);
  }

  async recentDeliveries(user: UserRow): Promise<WebhookDeliveryList> {
    this.assertPlan(user);
    return { deliveries: (await this.deliveries.listRecent(user.id)).map(toWebhookDelivery) };
  }

  /** One more try now, with the same body and delivery id (receivers skip a duplicate by it). */
  async resend(user: UserRow, id: string): Promise<WebhookDelivery> {
    this.assertPlan(user);
    const row = isUuid(id) ? await this.deliveries.resend(id, user.id, this.clock.now()) : undefined;
    if (!row) throw new NotFoundError(WebhookMessages.deliveryNotFound);
    await this.handler.deliverNow(row.id);
    return toWebhookDelivery(row);
  }

  /** A request's one-off callbackUrl, checked before its job is made: the caller's plan, then the address. */
  async checkCallback(user: UserRow | null, url: string): Promise<void> {
    if (!user) throw new ForbiddenError(WebhookMessages.callbackNeedsAccount);
    this.assertPlan(user);
    await this.assertReachable(url);
  }

  private assertPlan(user: UserRow): void {
    if (planOf(user, this.clock.now()).plan === 'free') throw new ForbiddenError(WebhookMessages.premiumOnly);
  }

  /** The URL's scheme and every address of its host, as a delivery will check them (400 with the reason). */
  private async assertReachable(url: string): Promise<void> {
    try {
      await this.sender.vet(url);
    } catch (err) {
      if (err instanceof RefusedUrlError) throw new ValidationError(err.message);
      throw new ValidationError(`The host of this URL could not be found: ${new URL(url).hostname}`);
    }
  }
}
