import { Controller } from '@nestjs/common';
import { endpoints, type SubscriptionDetails, type User } from '@shrinkly/contract';
import { BuiltFrom } from '../../common/factory-provider.js';
import type { UserRow } from '../../db/schema/index.js';
import { CurrentUser } from '../../http/auth.guards.js';
import { type BodyOf, Route, ValidBody } from '../../http/contract-route.js';
import { SubscriptionService } from './subscription.service.js';

/** The trial step, subscribing (by card, or approved at PayPal), cancelling and reactivating, and the plan as /settings shows it. */
@Controller()
@BuiltFrom(SubscriptionService)
export class SubscriptionController {
  constructor(private readonly subscriptions: SubscriptionService) {}

  @Route(endpoints.setupTrial)
  setupTrial(@CurrentUser() user: UserRow, @ValidBody() body: BodyOf<typeof endpoints.setupTrial>): Promise<User> {
    return body.paymentMethodId
      ? this.subscriptions.startProviderTrial(user, body.paymentMethodId)
      : this.subscriptions.startTrial(user, body.creditCard);
  }

  @Route(endpoints.subscription)
  details(@CurrentUser() user: UserRow): SubscriptionDetails {
    return this.subscriptions.details(user);
  }

  @Route(endpoints.subscribe)
  subscribe(@CurrentUser() user: UserRow, @ValidBody() body: BodyOf<typeof endpoints.subscribe>): Promise<SubscriptionDetails> {
    return this.subscriptions.subscribe(user, body.creditCard, body.paymentMethodId);
  }

  @Route(endpoints.cancelSubscription)
  cancel(@CurrentUser() user: UserRow): Promise<SubscriptionDetails> {
    return this.subscriptions.cancel(user);
  }

  @Route(endpoints.paypalCreateSubscription)
  createApproval(
    @CurrentUser() user: UserRow,
    @ValidBody() body: BodyOf<typeof endpoints.paypalCreateSubscription>,
  ): Promise<{ id: string; approvalUrl: string | null }> {
    return this.subscriptions.createApproval(user, body);
  }

  @Route(endpoints.paypalActivateSubscription)
  activateApproval(
    @CurrentUser() user: UserRow,
    @ValidBody() body: BodyOf<typeof endpoints.paypalActivateSubscription>,
  ): Promise<SubscriptionDetails> {
    return this.subscriptions.activateApproval(user, body.subscriptionId);
  }

  @Route(endpoints.reactivateSubscription)
  reactivate(@CurrentUser() user: UserRow): Promise<SubscriptionDetails> {
    return this.subscriptions.reactivate(user);
  }
}
