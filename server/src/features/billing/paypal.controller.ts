import { Controller, Req } from '@nestjs/common';
import { endpoints } from '@shrinkly/contract';
import type { Request } from 'express';
import type { PaypalWebhookHeaders } from '../../adapters/payments/payment.port.js';
import { BuiltFrom } from '../../common/factory-provider.js';
import { Route } from '../../http/contract-route.js';
import { PaypalWebhookService } from './paypal-webhooks.service.js';

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

/** PayPal's webhook: mounted always, "not found" unless PAYMENT_PROVIDER is paypal. */
@Controller()
@BuiltFrom(PaypalWebhookService)
export class PaypalController {
  constructor(private readonly webhooks: PaypalWebhookService) {}

  /**
   * PayPal's deliveries. The JSON parser has read the body already; PayPal's verify call takes the event as JSON,
   * so it is written back as JSON text.
   */
  @Route(endpoints.paypalWebhook)
  async webhook(@Req() req: Request): Promise<{ received: true }> {
    await this.webhooks.handle(webhookHeaders(req), req.body as unknown, JSON.stringify(req.body ?? null));
    return { received: true };
  }
}
