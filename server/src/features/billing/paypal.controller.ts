import { Controller, Inject, Req } from '@nestjs/common';
import { endpoints, type SubscriptionDetails } from '@shrinkly/contract';
import type { Request } from 'express';
import type { PaypalWebhookHeaders } from '../../adapters/payments/paypal.payments.js';
import type { UserRow } from '../../db/schema/index.js';
import { type BodyOf, Route, ValidBody } from '../../http/contract-route.js';
import { CurrentUser } from '../accounts/auth.guards.js';
import { PaypalSubscriptionService } from './paypal-subscription.service.js';

/** PayPal's signature headers of a webhook delivery. */
function webhookHeaders(req: Request): Partial<PaypalWebhookHeaders> {
  return {
    authAlgo: req.get('paypal-auth-algo'),
    certUrl: req.get('paypal-cert-url'),
    transmissionId: req.get('paypal-transmission-id'),
    transmissionSig: req.get('paypal-transmission-sig'),
    transmissionTime: req.get('paypal-transmission-time'),
  };
}

/** The PayPal subscription routes: mounted always, "not found" unless PAYMENT_PROVIDER is paypal. */
@Controller()
export class PaypalController {
  constructor(@Inject(PaypalSubscriptionService) private readonly subscriptions: PaypalSubscriptionService) {}

  @Route(endpoints.paypalCreateSubscription)
  create(@CurrentUser() user: UserRow, @ValidBody() body: BodyOf<typeof endpoints.paypalCreateSubscription>): Promise<{ id: string; approvalUrl: string | null }> {
    return this.subscriptions.create(user, body);
  }

  @Route(endpoints.paypalActivateSubscription)
  activate(@CurrentUser() user: UserRow, @ValidBody() body: BodyOf<typeof endpoints.paypalActivateSubscription>): Promise<SubscriptionDetails> {
    return this.subscriptions.activate(user.id, body.subscriptionId);
  }

  /**
   * PayPal's deliveries. The JSON parser has read the body already; PayPal's verify call takes the event as JSON,
   * so it is written back as JSON text.
   */
  @Route(endpoints.paypalWebhook)
  async webhook(@Req() req: Request): Promise<{ received: true }> {
    await this.subscriptions.webhook(webhookHeaders(req), req.body as unknown, JSON.stringify(req.body ?? null));
    return { received: true };
  }
}
