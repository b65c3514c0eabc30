import { Module } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Logger } from 'pino';
import { PaymentPort } from '../../adapters/payments/payment.port.js';
import { APP_CONFIG, DATABASE, LOGGER } from '../../app.tokens.js';
import type { AppConfig } from '../../config/app.config.js';
import { factory } from '../../common/factory-provider.js';
import type { Database } from '../../db/client.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { BillingService } from './billing.service.js';
import { PaymentRepository } from './payment.repository.js';
import { PaypalController } from './paypal.controller.js';
import { PaypalCheckoutController } from './paypal-checkout.controller.js';
import { PaypalCheckoutService } from './paypal-checkout.service.js';
import { type PlanLifeCycle, PaypalSubscriptionService } from './paypal-subscription.service.js';
import { SandboxCheckoutController } from './sandbox-checkout.controller.js';
import { SubscriptionDetailsReader, SubscriptionEventHandler } from './subscription-events.js';

/**
 * The plan life cycle's handler and reader, looked up by their class tokens when used, wherever the application
 * provides them (features/plans): billing does not import plans, so plans may use billing without a cycle.
 */
function planLifeCycle(refs: ModuleRef): PlanLifeCycle {
  const provided = <T>(token: abstract new (...args: never[]) => T): T => {
    try {
      return refs.get(token, { strict: false });
    } catch {
      throw new Error(`No ${token.name} is provided: the plan life cycle (features/plans) implements it`);
    }
  };
  return { handler: () => provided(SubscriptionEventHandler), reader: () => provided(SubscriptionDetailsReader) };
}

/**
 * Billing: checkout links, the payments ledger, and payments handed to the fulfilment of what was bought (through
 * the sandbox's page or PayPal's orders); PayPal subscriptions, whose events go to the plan life cycle.
 */
@Module({
  imports: [AccountsModule],
  controllers: [SandboxCheckoutController, PaypalController, PaypalCheckoutController],
  providers: [
    factory(PaymentRepository, [DATABASE], (db: Database) => new PaymentRepository(db)),
    factory(BillingService, [PaymentRepository, PaymentPort], (l: PaymentRepository, p: PaymentPort) => new BillingService(l, p)),
    factory(
      PaypalSubscriptionService,
      [PaymentPort, ModuleRef, LOGGER],
      (p: PaymentPort, refs: ModuleRef, logger: Logger) => new PaypalSubscriptionService(p, planLifeCycle(refs), logger),
    ),
    factory(
      PaypalCheckoutService,
      [PaymentPort, BillingService, APP_CONFIG, LOGGER],
      (p: PaymentPort, b: BillingService, c: AppConfig, logger: Logger) => new PaypalCheckoutService(p, b, c.appUrl, logger),
    ),
  ],
  exports: [BillingService],
})
export class BillingModule {}
