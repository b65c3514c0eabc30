import type { Logger } from 'pino';
import { type PaymentPort, ProviderUnavailableError } from '../../adapters/payments/payment.port.js';
import { PaypalPayments } from '../../adapters/payments/paypal.payments.js';
import { DomainError, NotFoundError } from '../../common/errors.js';

/** The payment provider failed us (unreachable, or an error of its own): try again later. */
export class PaymentProviderFailedError extends DomainError {
  readonly status = 502;
}

/** A call to the payment provider: its failures are the provider's (502, logged), not ours. */
export async function atProvider<T>(logger: Logger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof ProviderUnavailableError)) throw err;
    logger.warn({ err }, 'payment provider call failed');
    throw new PaymentProviderFailedError('The payment provider is not answering as it should: please try again in a few minutes');
  }
}

/** The PayPal adapter, when PayPal is the payment provider: PayPal's routes are "not found" with any other. */
export function paypalOnly(payments: PaymentPort): PaypalPayments {
  if (!(payments instanceof PaypalPayments)) throw new NotFoundError('Not found');
  return payments;
}
