import { Global, Inject, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { MailPort } from '../../adapters/mail/mail.port.js';
import { PaymentPort } from '../../adapters/payments/payment.port.js';
import { APP_CONFIG, LOGGER } from '../../app.tokens.js';
import { BackgroundTasks } from '../../common/background-tasks.js';
import { Clock } from '../../common/clock.js';
import { factory } from '../../common/factory-provider.js';
import type { AppConfig } from '../../config/app.config.js';
import { AccountDeletionService } from '../accounts/account-deletion.service.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { UserRepository } from '../accounts/user.repository.js';
import { BillingModule } from '../billing/billing.module.js';
import { PaymentRepository } from '../billing/payment.repository.js';
import { SubscriptionDetailsReader, SubscriptionEventHandler } from '../billing/subscription-events.js';
import { NotFoundError } from '../../common/errors.js';
import { FileRepository } from '../files/file.repository.js';
import { FilesModule } from '../files/files.module.js';
import { SubscriptionController } from './subscription.controller.js';
import { SubscriptionService } from './subscription.service.js';

/**
 * Plans: the plan rule (plan-of.ts), the plan life cycle (plan-lifecycle.ts) and the service that carries it out.
 * Global, so billing's provider webhooks reach the life cycle through SubscriptionEventHandler without importing it.
 */
@Global()
@Module({
  imports: [AccountsModule, FilesModule, BillingModule],
  controllers: [SubscriptionController],
  providers: [
    factory(
      SubscriptionService,
      [UserRepository, FileRepository, PaymentRepository, PaymentPort, MailPort, BackgroundTasks, Clock, LOGGER, APP_CONFIG],
      (u: UserRepository, f: FileRepository, l: PaymentRepository, p: PaymentPort, m: MailPort, b: BackgroundTasks, c: Clock, log: Logger, config: AppConfig) =>
        new SubscriptionService(u, f, l, p, m, b, c, log, config.appUrl),
    ),
    { provide: SubscriptionEventHandler, useExisting: SubscriptionService },
    factory(SubscriptionDetailsReader, [SubscriptionService, UserRepository], (s: SubscriptionService, u: UserRepository) => ({
      async details(userId: string) {
        const user = await u.findById(userId);
        if (!user) throw new NotFoundError('No such account');
        return s.details(user);
      },
    })),
  ],
  exports: [SubscriptionService, SubscriptionEventHandler, SubscriptionDetailsReader],
})
export class PlansModule {
  constructor(@Inject(AccountDeletionService) deletion: AccountDeletionService, @Inject(SubscriptionService) subscriptions: SubscriptionService) {
    deletion.registerBeforeDelete((userId) => subscriptions.endBeforeDeletion(userId));
  }
}
