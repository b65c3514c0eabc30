import { Body, Controller, Get, Header, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { PRODUCT_NAME } from '@shrinkly/contract';
import type { Response } from 'express';
import { type Purchase, PaymentPort } from '../../adapters/payments/payment.port.js';
import { SandboxPayments } from '../../adapters/payments/sandbox.payments.js';
import { NotFoundError } from '../../common/errors.js';
import { BillingService } from './billing.service.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

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
export class SandboxCheckoutController {
  constructor(
    @Inject(BillingService) private readonly billing: BillingService,
    @Inject(PaymentPort) private readonly payments: PaymentPort,
  ) {}

  /** The signed link names the purchase by its id; pay per file is the one purchase it sells. */
  private purchase(id: string, sig: string | undefined): { sandbox: SandboxPayments; purchase: Purchase } {
    const payments = this.payments;
    if (!(payments instanceof SandboxPayments) || !payments.verifyCheckout(id, sig)) throw new NotFoundError('Not found');
    return { sandbox: payments, purchase: { kind: 'compression', id } };
  }

  @Get('/api/payments/sandbox/checkout/:jobId')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async page(@Param('jobId') jobId: string, @Query('sig') sig: string | undefined): Promise<string> {
    const { sandbox, purchase } = this.purchase(jobId, sig);
    const terms = await this.billing.terms(purchase);
    const amount = terms.amount.toFixed(2);
    const action = escapeHtml(sandbox.checkoutPath(purchase.id));
    const button = (value: string, label: string, style: string) =>
      `<button type="submit" name="outcome" value="${value}" style="${style}">${label}</button>`;
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout · ${PRODUCT_NAME}</title></head>
<body style="font-family: system-ui, sans-serif; background:#f5f7fa; margin:0; padding:2rem;">
<main style="max-width:28rem; margin:0 auto; background:#fff; border-radius:12px; padding:2rem; box-shadow:0 2px 12px rgba(0,0,0,.08)">
<p role="note" style="background:#fff4e5; color:#8a4b00; border:1px solid #ffcc80; border-radius:8px; padding:.75rem; font-weight:600">TEST MODE — no real payment is taken and no card is needed.</p>
<h1 style="font-size:1.4rem">${PRODUCT_NAME} checkout</h1>
<p><strong>${escapeHtml(terms.description)}</strong></p>
<p style="font-size:1.6rem; font-weight:700">$${amount} ${terms.currency}</p>
<form method="post" action="${action}" style="display:flex; gap:.5rem; flex-wrap:wrap">
${button('pay', `Pay $${amount}`, 'background:#1971c2;color:#fff;border:0;border-radius:8px;padding:.7rem 1.2rem;font-size:1rem;cursor:pointer')}
${button('cancel', 'Cancel', 'background:#fff;border:1px solid #ced4da;border-radius:8px;padding:.7rem 1.2rem;font-size:1rem;cursor:pointer')}
${button('decline', 'Decline', 'background:#fff;color:#c92a2a;border:1px solid #c92a2a;border-radius:8px;padding:.7rem 1.2rem;font-size:1rem;cursor:pointer')}
</form></main></body></html>`;
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
        purchase, amount: terms.amount, currency: terms.currency, userId: terms.userId,
        provider: this.payments.provider, providerReference: reference,
      });
      res.redirect(303, terms.returnTo.paid(reference));
      return;
    }
    const outcome = body?.outcome === 'cancel' ? 'canceled' : body?.outcome === 'decline' ? 'declined' : 'failed';
    res.redirect(303, terms.returnTo[outcome]);
  }
}
