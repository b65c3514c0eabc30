import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { PRODUCT_NAME, SUBSCRIPTION_PRICE_USD } from '@shrinkly/contract';
import type { Response } from 'express';
import type { Logger } from 'pino';
import { PaymentPort, type TestApprovalPages } from '../../adapters/payments/payment.port.js';
import { LOGGER } from '../../app.tokens.js';
import { NotFoundError } from '../../common/errors.js';
import { BuiltFrom } from '../../common/factory-provider.js';
import { SubscriptionEventHandler } from './subscription-events.js';
import { testModePage } from './test-mode-page.js';

/**
 * The sandbox's test-mode PayPal approval page: where `POST /api/paypal/create-subscription` sends the payer on the
 * embedded default, plainly marked test mode. Approve starts the subscription in the sandbox's own record, tells the
 * plans as PayPal's BILLING.SUBSCRIPTION.ACTIVATED webhook would (a payer who never comes back still gets the plan
 * they approved), and goes back to /subscribe as PayPal does (`?subscription_id=…&ba_token=…`), where the site
 * activates it by reading that record; Cancel ends it and goes back with `?paypal=cancelled`. Opens only through the link signed for the
 * subscription, and exists only with the sandbox provider.
 *
 * Not an endpoint of the contract: it stands in for PayPal's hosted page (HTML and a form post), so its routes are
 * written here in full and listed as exceptions in the route test.
 */
@Controller()
@BuiltFrom(PaymentPort, SubscriptionEventHandler, LOGGER)
export class SandboxPaypalController {
  constructor(
    private readonly payments: PaymentPort,
    private readonly subscriptionEvents: SubscriptionEventHandler,
    private readonly logger: Logger,
  ) {}

  private pages(id: string, sig: string | undefined): TestApprovalPages {
    const pages = this.payments.testMode?.approval;
    if (!pages?.verifyApproval(id, sig)) throw new NotFoundError('Not found');
    return pages;
  }

  @Get('/api/payments/sandbox/paypal/:subscriptionId')
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(@Param('subscriptionId') id: string, @Query('sig') sig: string | undefined): string {
    const pages = this.pages(id, sig);
    return testModePage({
      title: 'Test PayPal',
      heading: `Subscribe to ${PRODUCT_NAME} Premium with PayPal`,
      note: 'TEST MODE — this stands in for PayPal: no PayPal account is needed and no money moves.',
      lines: [
        `<span style="font-size:1.6rem; font-weight:700">$${SUBSCRIPTION_PRICE_USD.toFixed(2)} USD / month</span>`,
        'Billed monthly until you cancel.',
      ],
      action: pages.approvalPath(id),
      choices: [
        { value: 'approve', label: 'Approve', look: 'primary' },
        { value: 'cancel', label: 'Cancel', look: 'plain' },
      ],
    });
  }

  @Post('/api/payments/sandbox/paypal/:subscriptionId')
  @HttpCode(303)
  async submit(
    @Param('subscriptionId') id: string,
    @Query('sig') sig: string | undefined,
    @Body() body: { outcome?: unknown },
    @Res() res: Response,
  ): Promise<void> {
    const pages = this.pages(id, sig);
    if (body?.outcome === 'approve' && (await pages.approve(id))) {
      const provider = this.payments.approvalPlans?.name ?? this.payments.provider;
      await this.subscriptionEvents
        .handle({ type: 'changed', provider, subscriptionId: id, eventId: `approved-${id}` })
        .catch((err: unknown) => {
          // The payer's return activates it as well: this only stands in for a webhook, which PayPal would retry.
          this.logger.warn({ err, subscriptionId: id }, 'sandbox PayPal approval not handed to the plans');
        });
      const back = new URLSearchParams({ paypal: 'approved', subscription_id: id, ba_token: `BA-${id.slice(2)}` });
      res.redirect(303, `/subscribe?${back.toString()}`);
      return;
    }
    if (body?.outcome !== 'approve') await pages.cancelSubscription(id);
    res.redirect(303, '/subscribe?paypal=cancelled');
  }
}
