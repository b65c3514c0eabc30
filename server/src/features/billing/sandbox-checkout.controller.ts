import { Body, Controller, Get, Header, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { CURRENCY, PAY_PER_FILE_PRICE_USD, PRODUCT_NAME } from '@shrinkly/contract';
import type { Response } from 'express';
import { PaymentPort } from '../../adapters/payments/payment.port.js';
import { SandboxPayments } from '../../adapters/payments/sandbox.payments.js';
import { NotFoundError } from '../../common/errors.js';
import { CompressionService } from '../compression/compression.service.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The sandbox provider's checkout page: plainly test mode, no card asked. Pay records a payment in the ledger and
 * returns to the success page; Cancel and Decline return to the failure pages, as a real provider would.
 * Exists only while the sandbox provider is configured, and opens only through the signed link given to the job's
 * owner (any other id or signature is "not found").
 */
@Controller('api/payments/sandbox/checkout')
export class SandboxCheckoutController {
  constructor(
    @Inject(CompressionService) private readonly compression: CompressionService,
    @Inject(PaymentPort) private readonly payments: PaymentPort,
  ) {}

  private sandbox(jobId: string, sig: string | undefined): SandboxPayments {
    const payments = this.payments;
    if (!(payments instanceof SandboxPayments) || !payments.verifyCheckout(jobId, sig)) throw new NotFoundError('Not found');
    return payments;
  }

  @Get(':jobId')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async page(@Param('jobId') jobId: string, @Query('sig') sig: string | undefined): Promise<string> {
    const sandbox = this.sandbox(jobId, sig);
    const job = await this.compression.payableJob(jobId);
    const amount = (job.paymentAmount ?? PAY_PER_FILE_PRICE_USD).toFixed(2);
    const action = escapeHtml(sandbox.checkoutPath(job.id));
    const button = (value: string, label: string, style: string) =>
      `<button type="submit" name="outcome" value="${value}" style="${style}">${label}</button>`;
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout · ${PRODUCT_NAME}</title></head>
<body style="font-family: system-ui, sans-serif; background:#f5f7fa; margin:0; padding:2rem;">
<main style="max-width:28rem; margin:0 auto; background:#fff; border-radius:12px; padding:2rem; box-shadow:0 2px 12px rgba(0,0,0,.08)">
<p role="note" style="background:#fff4e5; color:#8a4b00; border:1px solid #ffcc80; border-radius:8px; padding:.75rem; font-weight:600">TEST MODE — no real payment is taken and no card is needed.</p>
<h1 style="font-size:1.4rem">${PRODUCT_NAME} checkout</h1>
<p>Compression of <strong>${escapeHtml(job.fileName)}</strong></p>
<p style="font-size:1.6rem; font-weight:700">$${amount} ${CURRENCY}</p>
<form method="post" action="${action}" style="display:flex; gap:.5rem; flex-wrap:wrap">
${button('pay', `Pay $${amount}`, 'background:#1971c2;color:#fff;border:0;border-radius:8px;padding:.7rem 1.2rem;font-size:1rem;cursor:pointer')}
${button('cancel', 'Cancel', 'background:#fff;border:1px solid #ced4da;border-radius:8px;padding:.7rem 1.2rem;font-size:1rem;cursor:pointer')}
${button('decline', 'Decline', 'background:#fff;color:#c92a2a;border:1px solid #c92a2a;border-radius:8px;padding:.7rem 1.2rem;font-size:1rem;cursor:pointer')}
</form></main></body></html>`;
  }

  @Post(':jobId')
  @HttpCode(303)
  async submit(
    @Param('jobId') jobId: string,
    @Query('sig') sig: string | undefined,
    @Body() body: { outcome?: unknown },
    @Res() res: Response,
  ): Promise<void> {
    this.sandbox(jobId, sig);
    const job = await this.compression.payableJob(jobId);
    const id = encodeURIComponent(job.id);
    if (body?.outcome === 'pay') {
      const reference = `sandbox-${job.id}`;
      await this.compression.recordPayment({
        jobId: job.id, amount: job.paymentAmount ?? PAY_PER_FILE_PRICE_USD, currency: CURRENCY,
        provider: this.payments.provider, providerReference: reference,
      });
      res.redirect(303, `/payment-success/compression?jobId=${id}&paymentId=${encodeURIComponent(reference)}`);
      return;
    }
    if (body?.outcome === 'cancel') {
      res.redirect(303, `/payment-error?error=payment_cancelled&jobId=${id}`);
      return;
    }
    if (body?.outcome === 'decline') {
      res.redirect(303, `/payment-failed?jobId=${id}`);
      return;
    }
    res.redirect(303, `/payment-error?error=payment_failed&jobId=${id}`);
  }
}
