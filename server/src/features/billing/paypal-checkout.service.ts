import type { Logger } from 'pino';
import { CardDeclinedError, type PaymentPort, type Purchase } from '../../adapters/payments/payment.port.js';
import { NotFoundError } from '../../common/errors.js';
import type { BillingService } from './billing.service.js';
import { atProvider, PaymentProviderFailedError, paypalOnly } from './provider-call.js';

/** `compression:<id>`, as our orders name what they pay for, back to the purchase. */
function purchaseOf(reference: string | null): Purchase | undefined {
  const match = /^compression:([\w-]{1,100})$/.exec(reference ?? '');
  return match?.[1] ? { kind: 'compression', id: match[1] } : undefined;
}

/**
 * Pay per file with PayPal (Orders API v2). The owner's signed checkout link creates an order for the purchase's
 * terms and sends the payer to PayPal; PayPal sends them back to the return route, which checks that the order is
 * ours and asks what the purchase costs before it captures the money, then hands the payment to billing (the
 * ledger, then the fulfilment) like any other. Each step answers where the payer goes next.
 */
export class PaypalCheckoutService {
  constructor(
    private readonly payments: PaymentPort,
    private readonly billing: BillingService,
    private readonly appUrl: string,
    private readonly logger: Logger,
  ) {}

  /**
   * Where the payer approves the payment at PayPal (or, paid already, the page of that payment); not found unless
   * the link is the owner's and the purchase is one to pay.
   */
  async start(purchaseId: string, sig: string | undefined): Promise<string> {
    const paypal = paypalOnly(this.payments);
    if (!paypal.verifyCheckout(purchaseId, sig)) throw new NotFoundError('Not found');
    const purchase: Purchase = { kind: 'compression', id: purchaseId };
    const terms = await this.billing.terms(purchase);
    // Paid already (the link opened again): the page of that payment, not a second one.
    const paid = await this.billing.paymentOf(purchase);
    if (paid) return terms.returnTo.paid(paid);
    const order = await atProvider(this.logger, () =>
      paypal.createOrder({
        purchase, amount: terms.amount, currency: terms.currency, description: terms.description,
        returnUrl: `${this.appUrl}/api/paypal/checkout-return`, cancelUrl: `${this.appUrl}${terms.returnTo.canceled}`,
      }),
    );
    if (!order.approvalUrl) throw new PaymentProviderFailedError('PayPal gave no page to approve the payment: please try again');
    return order.approvalUrl;
  }

  /**
   * The payer is back from PayPal with the order (`token`): captured only when it is one of ours, for a purchase
   * to pay, at its price. Answers the page the payer goes to. Back again (a reload), PayPal answers the capture it
   * made, and billing records it once.
   */
  async finish(orderId: string | undefined): Promise<string> {
    const paypal = paypalOnly(this.payments);
    if (!orderId) throw new NotFoundError('Not found');
    const order = await atProvider(this.logger, () => paypal.order(orderId));
    const purchase = purchaseOf(order?.reference ?? null);
    if (!order || !purchase) throw new NotFoundError('Not found');
    const terms = await this.billing.terms(purchase);
    if (order.amount !== terms.amount || order.currency !== terms.currency) {
      this.logger.warn({ order: order.id, purchase }, 'PayPal order does not ask the purchase\'s price: not captured');
      throw new NotFoundError('Not found');
    }
    let captured;
    try {
      captured = await atProvider(this.logger, () => paypal.captureOrder(order.id));
    } catch (err) {
      if (err instanceof CardDeclinedError) return terms.returnTo.declined;
      throw err;
    }
    const capture = captured.capture;
    if (!capture) return terms.returnTo.canceled;
    if (capture.status !== 'COMPLETED' || capture.amount !== terms.amount || capture.currency !== terms.currency) {
      this.logger.warn({ order: order.id, capture }, 'PayPal capture not completed at the purchase\'s price');
      return terms.returnTo.failed;
    }
    await this.billing.paid({
      purchase, amount: capture.amount, currency: capture.currency, userId: terms.userId, provider: paypal.provider, providerReference: capture.id,
    });
    return terms.returnTo.paid(capture.id);
  }
}
