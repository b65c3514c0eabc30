import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { PaymentPort } from '../../adapters/payments/payment.port.js';
import { APP_CONFIG, DATABASE, LOGGER } from '../../app.tokens.js';
import { construct, factory } from '../../common/factory-provider.js';
import type { AppConfig } from '../../config/app.config.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { BillingService } from './billing.service.js';
import { PaymentRepository } from './payment.repository.js';
import { PaypalController } from './paypal.controller.js';
import { PaypalCheckoutController } from './paypal-checkout.controller.js';
import { PaypalCheckoutService } from './paypal-checkout.service.js';
import { PaypalWebhookService } from './paypal-webhooks.service.js';
import { SandboxCheckoutController } from './sandbox-checkout.controller.js';
import { SandboxPaypalController } from './sandbox-paypal.controller.js';
import { StripeController } from './stripe.controller.js';
import { StripeWebhookService } from './stripe-webhooks.service.js';
import { SubscriptionEventHandler } from './subscription-events.js';
import { WebhookEventRepository } from './webhook-event.repository.js';

/**
 * Billing: checkout links, the payments ledger, and payments handed to the fulfilment of what was bought (through
 * the sandbox's page, Stripe Checkout or PayPal's orders); Stripe's SetupIntent and webhook routes and PayPal's
 * webhook route, whose subscription events go to the plan life cycle; the sandbox's test-mode PayPal approval page.
 */
@Module({
  imports: [AccountsModule],
  controllers: [SandboxCheckoutController, SandboxPaypalController, StripeController, PaypalController, PaypalCheckoutController],
  providers: [
    construct(PaymentRepository, [DATABASE]),
    construct(BillingService, [PaymentRepository, PaymentPort]),
    construct(WebhookEventRepository, [DATABASE]),
    // The plan life cycle registers its handler here (the plans module imports billing, not the reverse).
    construct(SubscriptionEventHandler, []),
    construct(StripeWebhookService, [BillingService, WebhookEventRepository, SubscriptionEventHandler, LOGGER]),
    factory(
      PaypalWebhookService,
      [PaymentPort, WebhookEventRepository, SubscriptionEventHandler, LOGGER],
      (p: PaymentPort, e: WebhookEventRepository, h: SubscriptionEventHandler, l: Logger) =>
        new PaypalWebhookService(p.webhooks?.format === 'paypal' ? p.webhooks : undefined, e, h, l),
    ),
    factory(
      PaypalCheckoutService,
      [PaymentPort, BillingService, APP_CONFIG, LOGGER],
      (p: PaymentPort, b: BillingService, c: AppConfig, l: Logger) => new PaypalCheckoutService(p, b, c.appUrl, l),
    ),
  ],
  exports: [BillingService, SubscriptionEventHandler],
})
export class BillingModule {}
