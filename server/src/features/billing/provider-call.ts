import type { Logger } from 'pino';
import { type ApprovedOrders, type PaymentPort, ProviderUnavailableError } from '../../adapters/payments/payment.port.js';
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

/** Orders approved at the provider (PayPal's), when the provider takes them: their routes are "not found" otherwise. */
export function approvedOrders(payments: PaymentPort): ApprovedOrders {
  if (!payments.orders) throw new NotFoundError('Not found');
  return payments.orders;
}
