import type { Logger } from 'pino';
import {
  type ApprovedOrders,
  CardDeclinedError,
  type PaymentPort,
  type ProviderOrder,
  type Purchase,
} from '../../adapters/payments/payment.port.js';
import { NotFoundError } from '../../common/errors.js';
import type { BillingService, PurchaseTerms } from './billing.service.js';
import { approvedOrders, atProvider, PaymentProviderFailedError } from './provider-call.js';

/** `compression:<id>`, as our orders name what they pay for, back to the purchase. */
function purchaseOf(reference: string | null): Purchase | undefined {
  const match = /^compression:([\w-]{1,100})$/.exec(reference ?? '');
  return match?.[1] ? { kind: 'compression', id: match[1] } : undefined;
}

/**
 * Order states in which the payer may (still, or again) approve the order on PayPal's page: approved but not
 * captured is a payer who never came back, or whose funding was declined at capture and who may choose another.
 */
const PAYABLE = new Set(['CREATED', 'PAYER_ACTION_REQUIRED', 'APPROVED']);

/**
 * Pay per file with PayPal (Orders API v2), one order per purchase. The owner's signed checkout link creates the
 * order, binds it to the purchase (the job's checkout reference) and sends the payer to PayPal; opened again, it
 * goes on with that same order while PayPal still has it payable, so a payer never holds two approvable orders
 * for one file. PayPal sends the payer back to the return route, which captures only the order bound to the
 * purchase, payable to us, at the purchase's price, and never for a purchase already paid; it then hands the
 * payment to billing (the ledger, then the fulfilment) like any other. Each step answers where the payer goes next.
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
    const paypal = approvedOrders(this.payments);
    if (!paypal.verifyCheckout(purchaseId, sig)) throw new NotFoundError('Not found');
    const purchase: Purchase = { kind: 'compression', id: purchaseId };
    const terms = await this.billing.terms(purchase);
    // Paid already (the link opened again): the page of that payment, not a second one.
    const paid = await this.billing.paymentOf(purchase);
    if (paid) return terms.returnTo.paid(paid);
    return this.toOrder(paypal, purchase, terms);
  }

  /**
   * The payer is back from PayPal with the order (`token`): captured only when it is the order bound to its
   * purchase, the purchase is not paid yet, and the order pays us the purchase's price; any other order is not
   * found and left as it is. Answers the page the payer goes to. Back again (a reload), the purchase is paid and
   * its payment's page is answered without asking PayPal to capture anything.
   */
  async finish(orderId: string | undefined): Promise<string> {
    const paypal = approvedOrders(this.payments);
    if (!orderId) throw new NotFoundError('Not found');
    const order = await atProvider(this.logger, () => paypal.order(orderId));
    const purchase = purchaseOf(order?.reference ?? null);
    if (!order || !purchase) throw new NotFoundError('Not found');
    const terms = await this.billing.terms(purchase);
    if (terms.checkoutReference !== order.id) {
      this.logger.warn({ order: order.id, purchase }, 'PayPal order is not the one bound to its purchase: not captured');
      throw new NotFoundError('Not found');
    }
    const paid = await this.billing.paymentOf(purchase);
    if (paid) return terms.returnTo.paid(paid);
    if (!paypal.paysUs(order) || order.amount !== terms.amount || order.currency !== terms.currency) {
      this.logger.warn(
        { order: order.id, payee: order.payee, purchase },
        "PayPal order does not pay us the purchase's price: not captured",
      );
      throw new NotFoundError('Not found');
    }
    return this.capture(paypal, order, purchase, terms);
  }

  /**
   * The purchase's one order: the bound one while PayPal still offers it for approval (captured already, the
   * return route records it), else a new order bound to the purchase in its place.
   */
  private async toOrder(paypal: ApprovedOrders, purchase: Purchase, terms: PurchaseTerms): Promise<string> {
    const bound = terms.checkoutReference;
    const order = bound ? await atProvider(this.logger, () => paypal.order(bound)) : undefined;
    if (order?.status === 'COMPLETED') return this.finish(order.id);
    if (order && PAYABLE.has(order.status) && order.approvalUrl) return this.approvalOf(paypal, order);
    // None yet, or one PayPal no longer offers (voided, expired, approved with no page to approve it again): a new one
    // replaces it, and only the order bound to the purchase is ever captured.
    const created = await atProvider(this.logger, () =>
      paypal.createOrder({
        purchase,
        amount: terms.amount,
        currency: terms.currency,
        description: terms.description,
        returnUrl: `${this.appUrl}/api/paypal/checkout-return`,
        cancelUrl: `${this.appUrl}${terms.returnTo.canceled}`,
      }),
    );
    const approval = this.approvalOf(paypal, created);
    const now = await this.billing.bindCheckout(purchase, created.id, bound);
    if (now === created.id) return approval;
    // Another opening of the link bound its order first: that one is the purchase's, and this one is never captured.
    if (now === null) throw new NotFoundError('Not found');
    return this.toOrder(paypal, purchase, { ...terms, checkoutReference: now });
  }

  /** The page where the payer approves an order that pays us; PayPal giving none is its failure. */
  private approvalOf(paypal: ApprovedOrders, order: ProviderOrder): string {
    if (!paypal.paysUs(order)) {
      this.logger.error(
        { order: order.id, payee: order.payee },
        'PayPal made an order payable to another account than PAYPAL_MERCHANT_ID',
      );
      throw new PaymentProviderFailedError('PayPal is not set up to take payments for this site: please try again later');
    }
    if (!order.approvalUrl) throw new PaymentProviderFailedError('PayPal gave no page to approve the payment: please try again');
    return order.approvalUrl;
  }

  /** Takes the money of the purchase's approved order and records it once; PayPal answers a repeated capture as made. */
  private async capture(paypal: ApprovedOrders, order: ProviderOrder, purchase: Purchase, terms: PurchaseTerms): Promise<string> {
    let captured: ProviderOrder;
    try {
      captured = await atProvider(this.logger, () => paypal.captureOrder(order.id));
    } catch (err) {
      if (err instanceof CardDeclinedError) return terms.returnTo.declined;
      throw err;
    }
    const capture = captured.capture;
    if (!capture) return terms.returnTo.canceled;
    if (capture.status !== 'COMPLETED' || capture.amount !== terms.amount || capture.currency !== terms.currency) {
      this.logger.warn({ order: order.id, capture }, "PayPal capture not completed at the purchase's price");
      return terms.returnTo.failed;
    }
    await this.billing.paid({
      purchase,
      amount: capture.amount,
      currency: capture.currency,
      userId: terms.userId,
      provider: this.payments.provider,
      providerReference: capture.id,
    });
    return terms.returnTo.paid(capture.id);
  }
}
