import { Module } from '@nestjs/common';
import { PaymentPort } from '../../adapters/payments/payment.port.js';
import { DATABASE } from '../../app.tokens.js';
import { factory } from '../../common/factory-provider.js';
import type { Database } from '../../db/client.js';
import { BillingService } from './billing.service.js';
import { PaymentRepository } from './payment.repository.js';
import { SandboxCheckoutController } from './sandbox-checkout.controller.js';

/** Billing: checkout links, the payments ledger, and payments handed to the fulfilment of what was bought. */
@Module({
  controllers: [SandboxCheckoutController],
  providers: [
    factory(PaymentRepository, [DATABASE], (db: Database) => new PaymentRepository(db)),
    factory(BillingService, [PaymentRepository, PaymentPort], (l: PaymentRepository, p: PaymentPort) => new BillingService(l, p)),
  ],
  exports: [BillingService, PaymentRepository],
})
export class BillingModule {}
