import type { CheckoutRequest } from './payment.port.js';
import { PaymentPort } from './payment.port.js';

/**
 * The test-mode provider: checkout is a page of our own server (`/api/payments/sandbox/checkout/{jobId}`) with
 * Pay, Cancel and Decline buttons; no money moves and no card is asked for.
 */
export class SandboxPayments extends PaymentPort {
  readonly provider = 'sandbox';
  readonly isSandbox = true;

  constructor(private readonly appUrl: string) {
    super();
  }

  async checkoutUrl(request: CheckoutRequest): Promise<string> {
    return `${this.appUrl}/api/payments/sandbox/checkout/${encodeURIComponent(request.jobId)}`;
  }
}
