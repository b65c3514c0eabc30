import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { endpoints, type User } from '@shrinkly/contract';
import type { z } from 'zod';
import { ZodBodyPipe } from '../../http/zod-body.pipe.js';
import type { UserRow } from '../../db/schema/index.js';
import { CurrentUser, UserAuthGuard } from '../accounts/auth.guards.js';
import { TrialService } from './trial.service.js';

@Controller('api/subscription')
@UseGuards(UserAuthGuard)
export class SubscriptionController {
  constructor(@Inject(TrialService) private readonly trials: TrialService) {}

  @Post('setup-trial')
  @HttpCode(200)
  setupTrial(@CurrentUser() user: UserRow, @Body(new ZodBodyPipe(endpoints.setupTrial.request)) body: z.output<typeof endpoints.setupTrial.request>): Promise<User> {
    return this.trials.start(user, body.creditCard);
  }
}
