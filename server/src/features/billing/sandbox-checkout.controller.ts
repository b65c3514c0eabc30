import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { PRODUCT_NAME } from '@shrinkly/contract';
import type { Response } from 'express';
import { PaymentPort, type Purchase, type TestCheckoutPages } from '../../adapters/payments/payment.port.js';
import { NotFoundError } from '../../common/errors.js';
import { BuiltFrom } from '../../common/factory-provider.js';
import { BillingService } from './billing.service.js';
import { escapeHtml, testModePage } from './test-mode-page.js';

/**
 * The sandbox provider's checkout page: plainly test mode, no card asked. Pay hands a payment to billing (the ledger,
 * then the fulfilment of what was bought) and returns to the success page; Cancel and Decline return to the failure
 * pages, as a real provider would. Exists only while the sandbox provider is configured, and opens only through the
 * signed link given to the purchase's owner (any other id or signature is "not found").
 *
 * Not an endpoint of the contract: it stands in for a real provider's hosted checkout page (HTML and a form post),
 * so its routes are written here in full and listed as exceptions in the route test.
 */
@Controller()
@BuiltFrom(BillingService, PaymentPort)
export class SandboxCheckoutController {
  constructor(
    private readonly billing: BillingService,
    private readonly payments: PaymentPort,
  ) {}

  /** The signed link names the purchase by its id; pay per file is the one purchase it sells. */
  private purchase(id: string, sig: string | undefined): { pages: TestCheckoutPages; purchase: Purchase } {
    const pages = this.payments.testMode?.checkout;
    if (!pages?.verifyCheckout(id, sig)) throw new NotFoundError('Not found');
    return { pages, purchase: { kind: 'compression', id } };
  }

  @Get('/api/payments/sandbox/checkout/:jobId')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async page(@Param('jobId') jobId: string, @Query('sig') sig: string | undefined): Promise<string> {
    const { pages, purchase } = this.purchase(jobId, sig);
    const terms = await this.billing.terms(purchase);
    const amount = terms.amount.toFixed(2);
    return testModePage({
      title: 'Test checkout',
      heading: `${PRODUCT_NAME} checkout`,
      note: 'TEST MODE — no real payment is taken and no card is needed.',
      lines: [
        `<strong>${escapeHtml(terms.description)}</strong>`,
        `<span style="font-size:1.6rem; font-weight:700">$${amount} ${escapeHtml(terms.currency)}</span>`,
      ],
      action: pages.checkoutPath(purchase.id),
      choices: [
        { value: 'pay', label: `Pay $${amount}`, look: 'primary' },
        { value: 'cancel', label: 'Cancel', look: 'plain' },
        { value: 'decline', label: 'Decline', look: 'danger' },
      ],
    });
  }

  @Post('/api/payments/sandbox/checkout/:jobId')
  @HttpCode(303)
  async submit(
    @Param('jobId') jobId: string,
    @Query('sig') sig: string | undefined,
    @Body() body: { outcome?: unknown },
    @Res() res: Response,
  ): Promise<void> {
    const { purchase } = this.purchase(jobId, sig);
    const terms = await this.billing.terms(purchase);
    if (body?.outcome === 'pay') {
      const reference = `sandbox-${purchase.id}`;
      await this.billing.paid({
        purchase,
        amount: terms.amount,
        currency: terms.currency,
        userId: terms.userId,
        provider: this.payments.provider,
        providerReference: reference,
      });
      res.redirect(303, terms.returnTo.paid(reference));
      return;
    }
    const outcome = body?.outcome === 'cancel' ? 'canceled' : body?.outcome === 'decline' ? 'declined' : 'failed';
    res.redirect(303, terms.returnTo[outcome]);
  }
}
