import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { BuiltFrom } from '../../common/factory-provider.js';
import { PaypalCheckoutService } from './paypal-checkout.service.js';

/**
 * Pay per file with PayPal, in the payer's browser: the owner's signed checkout link goes on to PayPal's approval
 * page, and PayPal sends the payer back to the return route, which takes the payment and goes on to the page of
 * its outcome. Exist only while PayPal is the payment provider.
 *
 * Not endpoints of the contract: browser hops that answer redirects, like the sandbox's checkout page, so their
 * routes are written here in full and listed as exceptions in the route test.
 */
@Controller()
@BuiltFrom(PaypalCheckoutService)
export class PaypalCheckoutController {
  constructor(private readonly checkout: PaypalCheckoutService) {}

  @Get('/api/paypal/checkout/:jobId')
  async start(@Param('jobId') jobId: string, @Query('sig') sig: string | undefined, @Res() res: Response): Promise<void> {
    res.redirect(303, await this.checkout.start(jobId, sig));
  }

  /** PayPal's return_url: `?token=<order id>&PayerID=…`. */
  @Get('/api/paypal/checkout-return')
  async finish(@Query('token') token: string | undefined, @Res() res: Response): Promise<void> {
    res.redirect(303, await this.checkout.finish(token));
  }
}
