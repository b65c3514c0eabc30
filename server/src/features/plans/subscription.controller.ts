import { Controller, Inject } from '@nestjs/common';
import { endpoints, type User } from '@shrinkly/contract';
import { type BodyOf, Route, ValidBody } from '../../http/contract-route.js';
import type { UserRow } from '../../db/schema/index.js';
import { CurrentUser } from '../accounts/auth.guards.js';
import { TrialService } from './trial.service.js';

@Controller()
export class SubscriptionController {
  constructor(@Inject(TrialService) private readonly trials: TrialService) {}

  @Route(endpoints.setupTrial)
  setupTrial(@CurrentUser() user: UserRow, @ValidBody() body: BodyOf<typeof endpoints.setupTrial>): Promise<User> {
    return this.trials.start(user, body.creditCard);
  }
}
