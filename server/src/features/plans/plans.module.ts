import { Module } from '@nestjs/common';
import { PaymentPort } from '../../adapters/payments/payment.port.js';
import { Clock } from '../../common/clock.js';
import { factory } from '../../common/factory-provider.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { UserRepository } from '../accounts/user.repository.js';
import { FileRepository } from '../files/file.repository.js';
import { FilesModule } from '../files/files.module.js';
import { SubscriptionController } from './subscription.controller.js';
import { TrialService } from './trial.service.js';

/** Plans: the plan rule (plan-of.ts) and the free trial with a card on file. */
@Module({
  imports: [AccountsModule, FilesModule],
  controllers: [SubscriptionController],
  providers: [
    factory(
      TrialService,
      [UserRepository, FileRepository, PaymentPort, Clock],
      (u: UserRepository, f: FileRepository, p: PaymentPort, c: Clock) => new TrialService(u, f, p, c),
    ),
  ],
})
export class PlansModule {}
