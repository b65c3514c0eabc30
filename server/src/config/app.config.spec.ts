import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app.config.js';

describe('loadConfig', () => {
  const secret = { JWT_SECRET: 'x'.repeat(40) };

  it('applies the embedded defaults', () => {
    const config = loadConfig({ ...secret, DATA_DIR: '/tmp/shrinkly-config-test' });
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.pgliteDir).toBe('/tmp/shrinkly-config-test/db');
    expect(config.mail).toMatchObject({ driver: 'outbox', outboxDir: '/tmp/shrinkly-config-test/outbox' });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('switches adapters by their variables', () => {
    const config = loadConfig({ ...secret, DATABASE_URL: 'postgres://u@h/db', SMTP_URL: 'smtp://h:25', ADMIN_EMAIL: 'Boss@Example.com' });
    expect(config.databaseUrl).toBe('postgres://u@h/db');
    expect(config.mail.driver).toBe('smtp');
    expect(config.adminEmail).toBe('boss@example.com');
  });

  it('signs links with a key of their own, derived from the JWT secret unless given', () => {
    const derived = loadConfig({ ...secret, DATA_DIR: '/tmp/shrinkly-config-test' });
    expect(derived.downloadLinkSecret).not.toBe(derived.jwtSecret);
    expect(derived.downloadLinkSecret).toHaveLength(43);
    expect(loadConfig({ ...secret, DATA_DIR: '/tmp/shrinkly-config-test' }).downloadLinkSecret).toBe(derived.downloadLinkSecret);
    expect(loadConfig({ ...secret, DOWNLOAD_LINK_SECRET: 'l'.repeat(40) }).downloadLinkSecret).toBe('l'.repeat(40));
    expect(derived).toMatchObject({ paymentProvider: 'sandbox', hsts: 'https', unpaidUploadsPerAddressBytes: 10 * 1024 ** 3 });
  });

  it('lists every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const key of ['PORT', 'DATABASE_URL', 'JWT_SECRET']) expect(message).toContain(key);
  });
});
