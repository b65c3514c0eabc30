import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/app.config.js';
import type { PaymentPort } from './payment.port.js';
import { refuseSandboxInProduction } from './payment.provider.js';

describe('refuseSandboxInProduction', () => {
  const sandbox = { isSandbox: true } as PaymentPort;
  const config = (env: Record<string, string>) => loadConfig({ JWT_SECRET: 'x'.repeat(40), ...env });

  it('stops a production start with the sandbox payments unless a demo is asked for', () => {
    expect(() => refuseSandboxInProduction(config({}), sandbox)).toThrow(ConfigError);
    expect(() => refuseSandboxInProduction(config({}), sandbox)).toThrow(/PAYMENT_SANDBOX_DEMO=true to serve a demo/);
    expect(() => refuseSandboxInProduction(config({ PAYMENT_SANDBOX_DEMO: 'true' }), sandbox)).not.toThrow();
    expect(() => refuseSandboxInProduction(config({ NODE_ENV: 'development' }), sandbox)).not.toThrow();
    expect(() => refuseSandboxInProduction(config({}), { isSandbox: false } as PaymentPort)).not.toThrow();
  });
});
