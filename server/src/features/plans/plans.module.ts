import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { MailPort } from '../../adapters/mail/mail.port.js';
import { PaymentPort } from '../../adapters/payments/payment.port.js';
import { APP_CONFIG, DATABASE, LOGGER } from '../../app.tokens.js';
import { BackgroundTasks } from '../../common/background-tasks.js';
import { Clock } from '../../common/clock.js';
import { BuiltFrom, construct, factory } from '../../common/factory-provider.js';
import { SweepTasks } from '../../common/sweep-tasks.js';
import type { AppConfig } from '../../config/app.config.js';
import { AccountDeletionService } from '../accounts/account-deletion.service.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { UserRepository } from '../accounts/user.repository.js';
import { BillingModule } from '../billing/billing.module.js';
import { BillingService } from '../billing/billing.service.js';
import { SubscriptionEventHandler } from '../billing/subscription-events.js';
import { FileRepository } from '../files/file.repository.js';
import { FilesModule } from '../files/files.module.js';
import { ProviderSubscriptionRepository } from './provider-subscription.repository.js';
import { SubscriptionController } from './subscription.controller.js';
import { SubscriptionService } from './subscription.service.js';

/**
 * Plans: the plan rule (plan-of.ts), the plan life cycle (plan-lifecycle.ts) and the service that carries it out.
 * Billing's provider webhooks reach the life cycle through the SubscriptionEventHandler it registers with.
 */
@Module({
  imports: [AccountsModule, FilesModule, BillingModule],
  controllers: [SubscriptionController],
  providers: [
    construct(ProviderSubscriptionRepository, [DATABASE]),
    factory(
      SubscriptionService,
      [
        UserRepository,
        FileRepository,
        ProviderSubscriptionRepository,
        BillingService,
        PaymentPort,
        MailPort,
        BackgroundTasks,
        Clock,
        LOGGER,
        APP_CONFIG,
      ],
      (
        u: UserRepository,
        f: FileRepository,
        s: ProviderSubscriptionRepository,
        b: BillingService,
        p: PaymentPort,
        m: MailPort,
        t: BackgroundTasks,
        c: Clock,
        l: Logger,
        config: AppConfig,
      ) => new SubscriptionService(u, f, s, b, p, m, t, c, l, config.appUrl),
    ),
  ],
  exports: [SubscriptionService],
})
@BuiltFrom(AccountDeletionService, SubscriptionService, SweepTasks, SubscriptionEventHandler)
export class PlansModule {
  constructor(
    deletion: AccountDeletionService,
    subscriptions: SubscriptionService,
    sweeps: SweepTasks,
    subscriptionEvents: SubscriptionEventHandler,
  ) {
    subscriptionEvents.register((event) => subscriptions.handle(event));
    // The plans' clock: trial ends, renewals, lapses.
    sweeps.register({ name: 'subscriptions', sweep: () => subscriptions.tick() });
    deletion.registerBeforeDelete((userId) => subscriptions.endBeforeDeletion(userId));
  }
}
