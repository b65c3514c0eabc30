import { Controller, Param } from '@nestjs/common';
import {
  endpoints,
  type MessageResponse,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookList,
} from '@shrinkly/contract';
import { BuiltFrom } from '../../common/factory-provider.js';
import type { UserRow } from '../../db/schema/index.js';
import { CurrentUser } from '../../http/auth.guards.js';
import { type BodyOf, Route, ValidBody } from '../../http/contract-route.js';
import { WebhookService } from './webhook.service.js';

/** An account's webhook endpoints and their deliveries. */
@Controller()
@BuiltFrom(WebhookService)
export class WebhooksController {
  constructor(private readonly webhooks: WebhookService) {}

  @Route(endpoints.listWebhooks)
  list(@CurrentUser() user: UserRow): Promise<WebhookList> {
    return this.webhooks.list(user);
  }

  @Route(endpoints.createWebhook)
  create(@CurrentUser() user: UserRow, @ValidBody() body: BodyOf<typeof endpoints.createWebhook>): Promise<WebhookEndpoint> {
    return this.webhooks.create(user, body);
  }

  @Route(endpoints.deleteWebhook)
  async delete(@CurrentUser() user: UserRow, @Param('id') id: string): Promise<MessageResponse> {
    await this.webhooks.remove(user, id);
    return { message: 'Webhook endpoint deleted' };
  }

  @Route(endpoints.listWebhookDeliveries)
  deliveries(@CurrentUser() user: UserRow): Promise<WebhookDeliveryList> {
    return this.webhooks.recentDeliveries(user);
  }

  @Route(endpoints.resendWebhookDelivery)
  resend(@CurrentUser() user: UserRow, @Param('id') id: string): Promise<WebhookDelivery> {
    return this.webhooks.resend(user, id);
  }
}
