import { Module } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Logger } from 'pino';
import { PaymentPort } from '../../adapters/payments/payment.port.js';
import { DATABASE, LOGGER } from '../../app.tokens.js';
import { factory } from '../../common/factory-provider.js';
import type { Database } from '../../db/client.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { BillingService } from './billing.service.js';
import { PaymentRepository } from './payment.repository.js';
import { SandboxCheckoutController } from './sandbox-checkout.controller.js';
import { StripeWebhookService } from './stripe-webhooks.service.js';
import { StripeController } from './stripe.controller.js';
import { SubscriptionEventHandler } from './subscription-events.js';
import { WebhookEventRepository } from './webhook-event.repository.js';

/** The plan life cycle's handler wherever the application provides it (features/plans), or undefined while none does. */
function subscriptionEventHandler(modules: ModuleRef): () => SubscriptionEventHandler | undefined {
  return () => {
    try {
      return modules.get(SubscriptionEventHandler, { strict: false });
    } catch {
      return undefined;
    }
  };
}

/**
 * Billing: checkout links, the payments ledger, and payments handed to the fulfilment of what was bought; Stripe's
 * SetupIntent and webhook routes, whose subscription events go to the plan life cycle.
 */
@Module({
  imports: [AccountsModule],
  controllers: [SandboxCheckoutController, StripeController],
  providers: [
    factory(PaymentRepository, [DATABASE], (db: Database) => new PaymentRepository(db)),
    factory(BillingService, [PaymentRepository, PaymentPort], (l: PaymentRepository, p: PaymentPort) => new BillingService(l, p)),
    factory(WebhookEventRepository, [DATABASE], (db: Database) => new WebhookEventRepository(db)),
    factory(
      StripeWebhookService,
      [BillingService, WebhookEventRepository, ModuleRef, LOGGER],
      (b: BillingService, e: WebhookEventRepository, m: ModuleRef, l: Logger) => new StripeWebhookService(b, e, subscriptionEventHandler(m), l),
    ),
  ],
  exports: [BillingService, PaymentRepository],
})
export class BillingModule {}
