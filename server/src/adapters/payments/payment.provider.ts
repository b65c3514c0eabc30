import type { Logger } from 'pino';
import type { Clock } from '../../common/clock.js';
import { type AppConfig, ConfigError } from '../../config/app.config.js';
import type { Database } from '../../db/client.js';
import type { PaymentPort } from './payment.port.js';
import { PaypalPayments } from './paypal.payments.js';
import { SandboxPayments } from './sandbox.payments.js';
import { createStripeClient, StripePayments } from './stripe.payments.js';

/** Picks the payment adapter from PAYMENT_PROVIDER: the sandbox by default, Stripe or PayPal. */
export function createPayments(config: AppConfig, store: { db: Database; clock: Clock }): PaymentPort {
  if (config.stripe) return new StripePayments(createStripeClient(config.stripe), config.stripe, config.appUrl);
  if (config.paypal) return new PaypalPayments(config.paypal, config.appUrl, config.downloadLinkSecret);
  // The sandbox keeps its test-mode PayPal's record in our database, as PayPal keeps it on its side.
  return new SandboxPayments({ appUrl: config.appUrl, linkSecret: config.downloadLinkSecret, db: store.db, clock: store.clock });
}

/**
 * The sandbox takes no money: in production every paid file and every plan would be free. A production server (web or
 * worker) with it does not start unless PAYMENT_SANDBOX_DEMO=true says a demo is meant (`npm start` says so: it
 * demonstrates the product). Reading the configuration alone (`npm run migrate`) is not serving.
 */
export function refuseSandboxInProduction(config: AppConfig, payments: PaymentPort): void {
  if (!payments.isSandbox || config.env !== 'production' || config.paymentSandboxDemo) return;
  throw new ConfigError(
    'Invalid configuration:\n  PAYMENT_PROVIDER: sandbox in production takes no money (every paid file and every plan would be free); ' +
      'set PAYMENT_PROVIDER=stripe or paypal with their keys, or PAYMENT_SANDBOX_DEMO=true to serve a demo',
  );
}

/**
 * The sandbox marks any job paid without money moving: fine on a laptop, a giveaway on a public server. A production
 * demo may run it (PAYMENT_SANDBOX_DEMO=true), but never silently.
 */
export function warnOfSandboxInProduction(config: AppConfig, payments: PaymentPort, logger: Logger): void {
  if (!payments.isSandbox || config.env !== 'production') return;
  logger.warn(
    { paymentProvider: payments.provider },
    '!!! PAYMENT SANDBOX IN PRODUCTION: the test checkout marks paid compressions paid without taking money. ' +
      'Configure a real PAYMENT_PROVIDER before serving the public. !!!',
  );
}
