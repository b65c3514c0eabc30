import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app.config.js';

describe('loadConfig', () => {
  const secret = { JWT_SECRET: 'x'.repeat(40) };

  it('applies the embedded defaults', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40) })).toMatchObject({
      env: 'production',
      paymentProvider: 'sandbox',
      paymentSandboxDemo: false,
    });
    const config = loadConfig({ ...secret, DATA_DIR: '/tmp/shrinkly-config-test' });
    expect(config.port).toBe(3000);
    expect(config.engineCpuSlots).toBe(availableParallelism());
    expect(loadConfig({ ...secret, ENGINE_CPU_SLOTS: '1' }).engineCpuSlots).toBe(1);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.pgliteDir).toBe('/tmp/shrinkly-config-test/db');
    expect(config.mail).toMatchObject({ driver: 'outbox', outboxDir: '/tmp/shrinkly-config-test/outbox' });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('switches adapters by their variables', () => {
    const config = loadConfig({
      ...secret,
      DATABASE_URL: 'postgres://u@h/db',
      SMTP_URL: 'smtp://h:25',
      ADMIN_EMAIL: 'Boss@Example.com',
    });
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

  it('uses Redis only with REDIS_URL (worker concurrency defaulting to JOB_CONCURRENCY, locks to 30 s); runs the worker part unless told', () => {
    expect(loadConfig({ ...secret, DATA_DIR: '/tmp/shrinkly-config-test' })).toMatchObject({ redis: undefined, runWorker: true });
    expect(loadConfig({ ...secret, RUN_WORKER: 'false' }).runWorker).toBe(false);
    expect(loadConfig({ ...secret, REDIS_URL: 'redis://127.0.0.1:6379', JOB_CONCURRENCY: '3' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379',
      prefix: 'shrinkly',
      workerConcurrency: 3,
      lockMs: 30_000,
      stalledCheckMs: 30_000,
    });
    const tuned = loadConfig({
      ...secret,
      REDIS_URL: 'rediss://h:6380/2',
      REDIS_PREFIX: 'blue',
      WORKER_CONCURRENCY: '8',
      JOB_LOCK_MS: '5000',
      JOB_STALLED_CHECK_MS: '1000',
    });
    expect(tuned.redis).toEqual({
      url: 'rediss://h:6380/2',
      prefix: 'blue',
      workerConcurrency: 8,
      lockMs: 5000,
      stalledCheckMs: 1000,
    });
    expect(() => loadConfig({ ...secret, REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => loadConfig({ ...secret, REDIS_URL: 'redis://h', WORKER_CONCURRENCY: '0', REDIS_PREFIX: 'a:b' })).toThrow(
      /WORKER_CONCURRENCY[\s\S]*REDIS_PREFIX|REDIS_PREFIX[\s\S]*WORKER_CONCURRENCY/,
    );
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

  describe('blob storage', () => {
    const s3 = { STORAGE: 's3', S3_BUCKET: 'shrinkly-blobs' };
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig({ ...secret, ...env });
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
      throw new Error('the configuration was accepted');
    };

    it('keeps blobs on local disk by default', () => {
      expect(loadConfig(secret)).toMatchObject({ storage: 'local', s3: undefined });
    });

    it("reads AWS S3 with the SDK's own credentials, or another server at its address with path-style URLs", () => {
      expect(loadConfig({ ...secret, ...s3 }).s3).toEqual({
        endpoint: undefined,
        region: 'us-east-1',
        bucket: 'shrinkly-blobs',
        credentials: undefined,
        forcePathStyle: false,
      });
      const minio = loadConfig({
        ...secret,
        ...s3,
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'eu-west-3',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'key',
      });
      expect(minio.s3).toEqual({
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-west-3',
        bucket: 'shrinkly-blobs',
        credentials: { accessKeyId: 'id', secretAccessKey: 'key' },
        forcePathStyle: true,
      });
      expect(
        loadConfig({ ...secret, ...s3, S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle,
      ).toBe(false);
    });

    it('stops at start naming what STORAGE=s3 is missing, or what is set without it', () => {
      expect(problemsOf({ STORAGE: 's3' })).toContain('S3_BUCKET: required with STORAGE=s3');
      expect(problemsOf({ ...s3, S3_ACCESS_KEY_ID: 'id' })).toContain('S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID');
      expect(problemsOf({ ...s3, S3_BUCKET: 'Not_A_Bucket' })).toContain('S3_BUCKET: must be an S3 bucket name');
      expect(problemsOf({ ...s3, S3_ENDPOINT: 'not a url' })).toContain('S3_ENDPOINT');
      expect(problemsOf({ STORAGE: 'ftp' })).toContain('STORAGE');
      expect(problemsOf({ S3_BUCKET: 'shrinkly-blobs' })).toContain('S3_BUCKET: set, but STORAGE is local; set STORAGE=s3');
    });
  });

  describe('with PAYMENT_PROVIDER=stripe', () => {
    const stripe = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRICE_ID: 'price_abc',
    };

    it("reads the keys, the price and Stripe's own API address by default", () => {
      const config = loadConfig({ ...secret, ...stripe });
      expect(config.paymentProvider).toBe('stripe');
      expect(config.stripe).toEqual({
        secretKey: 'sk_test_abc',
        publishableKey: 'pk_test_abc',
        webhookSecret: 'whsec_abc',
        priceId: 'price_abc',
        apiBase: 'https://api.stripe.com',
      });
      expect(loadConfig({ ...secret, ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:12111/' }).stripe?.apiBase).toBe(
        'http://127.0.0.1:12111',
      );
    });

    it('stops at start naming each missing variable', () => {
      const { STRIPE_WEBHOOK_SECRET: _w, STRIPE_PRICE_ID: _p, ...partial } = stripe;
      let error: unknown;
      try {
        loadConfig({ ...secret, ...partial });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain('STRIPE_WEBHOOK_SECRET: required with PAYMENT_PROVIDER=stripe');
      expect((error as Error).message).toContain('STRIPE_PRICE_ID: required with PAYMENT_PROVIDER=stripe');
      expect((error as Error).message).not.toContain('STRIPE_SECRET_KEY');
    });

    it('refuses a publishable key where the secret key goes', () => {
      expect(() => loadConfig({ ...secret, ...stripe, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(
        /STRIPE_SECRET_KEY: must be a Stripe secret key/,
      );
    });

    it('is not needed by the sandbox', () => {
      expect(loadConfig({ ...secret, DATA_DIR: '/tmp/shrinkly-config-test' }).stripe).toBeUndefined();
    });

    it("loads Stripe's own Stripe.js unless a test gives a stand-in (STRIPE_JS_URL, NODE_ENV=test only)", () => {
      expect(loadConfig({ ...secret, ...stripe }).stripe?.jsUrl).toBeUndefined();
      const standIn = 'http://127.0.0.1:4567/v3/';
      expect(loadConfig({ ...secret, ...stripe, NODE_ENV: 'test', STRIPE_JS_URL: standIn }).stripe?.jsUrl).toBe(standIn);
      for (const env of ['production', 'development', undefined]) {
        expect(() => loadConfig({ ...secret, ...stripe, NODE_ENV: env, STRIPE_JS_URL: standIn })).toThrow(
          `STRIPE_JS_URL: tests only (NODE_ENV=test), but NODE_ENV is ${env ?? 'production'}`,
        );
      }
      expect(() => loadConfig({ ...secret, ...stripe, NODE_ENV: 'test', STRIPE_JS_URL: 'file:///tmp/stripe.js' })).toThrow(
        /STRIPE_JS_URL: /,
      );
    });
  });

  describe('with PAYMENT_PROVIDER=paypal', () => {
    const paypal = {
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_CLIENT_ID: 'client-id',
      PAYPAL_CLIENT_SECRET: 'client-secret',
      PAYPAL_PLAN_ID: 'P-5ML4271244454362WXNWU5NQ',
      PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
    };

    it('reads the credentials, plan and webhook, against the sandbox API unless told otherwise', () => {
      const config = loadConfig({ ...secret, ...paypal });
      expect(config.paymentProvider).toBe('paypal');
      expect(config.paypal).toEqual({
        clientId: 'client-id',
        clientSecret: 'client-secret',
        planId: 'P-5ML4271244454362WXNWU5NQ',
        webhookId: '8PT597110X687430LKGECATA',
        apiBase: 'https://api-m.sandbox.paypal.com',
      });
      expect(config.stripe).toBeUndefined();
      expect(loadConfig({ ...secret, ...paypal, PAYPAL_API_BASE: 'https://api-m.paypal.com/' }).paypal?.apiBase).toBe(
        'https://api-m.paypal.com',
      );
      expect(loadConfig({ ...secret }).paypal).toBeUndefined();
    });

    it.each(['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_PLAN_ID', 'PAYPAL_WEBHOOK_ID'])(
      'stops at start without %s, naming it',
      (key) => {
        const env: Record<string, string> = { ...secret, ...paypal, [key]: '' };
        expect(() => loadConfig(env)).toThrow(ConfigError);
        expect(() => loadConfig(env)).toThrow(`${key}: required with PAYMENT_PROVIDER=paypal`);
      },
    );

    it('names every missing variable at once', () => {
      let message = '';
      try {
        loadConfig({ ...secret, PAYMENT_PROVIDER: 'paypal' });
      } catch (e) {
        message = (e as Error).message;
      }
      for (const key of ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_PLAN_ID', 'PAYPAL_WEBHOOK_ID'])
        expect(message).toContain(key);
      expect(message).not.toContain('PAYPAL_API_BASE');
    });

    it('refuses an API base that is not a URL', () => {
      expect(() => loadConfig({ ...secret, ...paypal, PAYPAL_API_BASE: 'api-m.paypal.com' })).toThrow(/PAYPAL_API_BASE/);
    });
  });
});
