import { Controller, Headers, Req } from '@nestjs/common';
import { endpoints } from '@shrinkly/contract';
import type { Request } from 'express';
import { PaymentPort, ProviderUnavailableError } from '../../adapters/payments/payment.port.js';
import { DomainError, NotFoundError, ValidationError } from '../../common/errors.js';
import { BuiltFrom } from '../../common/factory-provider.js';
import type { UserRow } from '../../db/schema/index.js';
import { CurrentUser } from '../../http/auth.guards.js';
import { Route } from '../../http/contract-route.js';
import { StripeWebhookService } from './stripe-webhooks.service.js';

/** Stripe did not answer as it should: our gateway's failure, not the caller's. */
class PaymentProviderError extends DomainError {
  readonly status = 502;
}

/**
 * Stripe's two routes: the SetupIntent the card step confirms with Stripe.js, and Stripe's webhook. Mounted whatever
 * the provider; "not found" unless it is Stripe. The webhook reads its raw body (roles/web.ts keeps it unparsed), since
 * the signature covers the exact bytes Stripe sent.
 */
@Controller()
@BuiltFrom(PaymentPort, StripeWebhookService)
export class StripeController {
  constructor(
    private readonly payments: PaymentPort,
    private readonly webhooks: StripeWebhookService,
  ) {}

  @Route(endpoints.stripeSetupIntent)
  async setupIntent(@CurrentUser() user: UserRow): Promise<{ clientSecret: string; publishableKey: string }> {
    const plans = this.payments.cardFieldPlans;
    if (!plans) throw new NotFoundError('Not found');
    try {
      const { clientSecret, publishableKey } = await plans.setupCard(user);
      return { clientSecret, publishableKey };
    } catch (err) {
      throw err instanceof ProviderUnavailableError
        ? new PaymentProviderError('The payment provider is unavailable, please try again shortly')
        : err;
    }
  }

  @Route(endpoints.stripeWebhook)
  async webhook(@Req() req: Request, @Headers('stripe-signature') signature: string | undefined): Promise<{ received: boolean }> {
    const webhooks = this.payments.webhooks;
    if (webhooks?.format !== 'stripe') throw new NotFoundError('Not found');
    const body: unknown = req.body;
    const event = Buffer.isBuffer(body) && body.length > 0 ? webhooks.verify(body, signature) : undefined;
    if (!event) throw new ValidationError('Invalid Stripe-Signature');
    await this.webhooks.handle(event);
    return { received: true };
  }
}
