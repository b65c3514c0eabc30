import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPRESS_SYNC_WAIT_MS, UNPAID_UPLOADS_PER_ADDRESS_BYTES } from '@shrinkly/contract';
import { z } from 'zod';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Stripe's variables: required with PAYMENT_PROVIDER=stripe (checked in stripeConfig), ignored otherwise. */
const stripeEnv = {
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
  STRIPE_PRICE_ID: z.string().regex(/^price_/, 'must be a Stripe price id (price_…)').optional(),
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
};

/** PayPal's variables: required with PAYMENT_PROVIDER=paypal (checked in paypalConfig), ignored otherwise. */
const paypalEnv = {
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_PLAN_ID: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYPAL_API_BASE: z.url().default('https://api-m.sandbox.paypal.com'),
};

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  APP_URL: z.url().optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  USER_TOKEN_TTL: z.string().default('7d'),
  ADMIN_TOKEN_TTL: z.string().default('12h'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Shrinkly <no-reply@shrinkly.local>'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  JSON_BODY_LIMIT: z.string().default('100kb'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RENDERER_DIST: z.string().optional(),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  COMPRESS_SYNC_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(COMPRESS_SYNC_WAIT_MS),
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).default(10 * 60 * 1000),
  /** `false`: `npm start` serves HTTP only, beside separate worker processes (`npm run worker`). */
  WORKER: z.enum(['true', 'false']).default('true'),
  /** The payment provider: the sandbox (test mode, no money moves), or a real one with its own variables below. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe', 'paypal']).default('sandbox'),
  /** `https`: Strict-Transport-Security only on requests that came over HTTPS (as TRUST_PROXY lets express see it). */
  HSTS: z.enum(['https', 'always', 'off']).default('https'),
  UNPAID_UPLOADS_PER_ADDRESS_BYTES: z.coerce.number().int().min(0).default(UNPAID_UPLOADS_PER_ADDRESS_BYTES),
  DOWNLOAD_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ...stripeEnv,
  ...paypalEnv,
});

type Env = z.output<typeof envSchema>;

/** Stripe's keys, the price of the monthly plan and the API's address (a local fake in tests). */
export interface StripeConfig {
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  readonly priceId: string;
  readonly apiBase: string;
}

/** What the PayPal adapter needs: the REST app's credentials, the plan subscribers join and the webhook to verify. */
export interface PaypalConfig {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly planId: string;
  readonly webhookId: string;
  /** https://api-m.sandbox.paypal.com (the default) or https://api-m.paypal.com for live payments. */
  readonly apiBase: string;
}

export type HstsMode = 'https' | 'always' | 'off';

export type MailDriver = 'outbox' | 'smtp';

/** Everything the server reads from the environment, parsed once at boot. */
export interface AppConfig {
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly appUrl: string;
  readonly dataDir: string;
  /**
   * This process's private temp folder, DATA_DIR/tmp/PID: uploads on their way in, work folders, the office's
   * profile. What a crashed process left there is removed at the next start and by the sweeper (temp-folders.ts).
   */
  readonly tmpDir: string;
  readonly databaseUrl: string | undefined;
  /** PGlite's folder when no DATABASE_URL is set; undefined means in memory (tests only). */
  readonly pgliteDir: string | undefined;
  readonly jwtSecret: string;
  readonly userTokenTtl: string;
  readonly adminTokenTtl: string;
  readonly adminEmail: string | undefined;
  readonly adminPassword: string | undefined;
  readonly mail: { driver: MailDriver; smtpUrl: string | undefined; from: string; outboxDir: string };
  readonly trustProxy: boolean;
  readonly jsonBodyLimit: string;
  readonly logLevel: string;
  readonly rendererDist: string;
  /** Compressions running at once in this process (default: the CPU cores). */
  readonly jobConcurrency: number;
  /** How long POST /api/compress waits for a quick result before answering with the job. */
  readonly compressSyncWaitMs: number;
  readonly sweepIntervalMs: number;
  /** Whether the web process (`npm start`) runs the worker part too. */
  readonly worker: boolean;
  readonly paymentProvider: Env['PAYMENT_PROVIDER'];
  /** Set exactly when the provider is Stripe. */
  readonly stripe: StripeConfig | undefined;
  /** Set exactly when the provider is PayPal. */
  readonly paypal: PaypalConfig | undefined;
  /** Uploads waiting for payment from one address add up to at most this many bytes. */
  readonly unpaidUploadsPerAddressBytes: number;
  readonly hsts: HstsMode;
  /** Signs download, checkout and file links; its own key, so a link signature says nothing about the JWT secret. */
  readonly downloadLinkSecret: string;
}

export class ConfigError extends Error {}

/**
 * The variables a provider cannot start without, read when it is the configured provider (else undefined); every
 * missing one is named.
 */
function requiredOf<K extends keyof Env>(e: Env, provider: Env['PAYMENT_PROVIDER'], keys: readonly K[]): Record<K, string> | undefined {
  if (e.PAYMENT_PROVIDER !== provider) return undefined;
  const missing = keys.filter((key) => !e[key]);
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${missing.map((key) => `  ${key}: required with PAYMENT_PROVIDER=${provider}`).join('\n')}`);
  }
  return Object.fromEntries(keys.map((key) => [key, String(e[key])])) as Record<K, string>;
}

/** Stripe's settings when it is the provider. */
function stripeConfig(e: Env): StripeConfig | undefined {
  const v = requiredOf(e, 'stripe', ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID']);
  return v && {
    secretKey: v.STRIPE_SECRET_KEY, publishableKey: v.STRIPE_PUBLISHABLE_KEY, webhookSecret: v.STRIPE_WEBHOOK_SECRET, priceId: v.STRIPE_PRICE_ID,
    apiBase: e.STRIPE_API_BASE.replace(/\/$/, ''),
  };
}

/** PayPal's settings when it is the provider. */
function paypalConfig(e: Env): PaypalConfig | undefined {
  const v = requiredOf(e, 'paypal', ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_PLAN_ID', 'PAYPAL_WEBHOOK_ID']);
  return v && {
    clientId: v.PAYPAL_CLIENT_ID, clientSecret: v.PAYPAL_CLIENT_SECRET, planId: v.PAYPAL_PLAN_ID, webhookId: v.PAYPAL_WEBHOOK_ID,
    apiBase: e.PAYPAL_API_BASE.replace(/\/$/, ''),
  };
}

/**
 * The JWT secret when none is configured: generated once and kept under DATA_DIR, so restarts keep sessions.
 */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A key of its own for link signatures, derived from the JWT secret when DOWNLOAD_LINK_SECRET is not set. */
export function deriveLinkSecret(jwtSecret: string): string {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'shrinkly', 'download-link signatures v1', 32)).toString('base64url');
}

/** Parses the environment; throws a ConfigError listing every bad key. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  // An empty variable counts as unset (`DATABASE_URL= npm start` means "no PostgreSQL").
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const config: AppConfig = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    tmpDir: path.join(dataDir, 'tmp', String(process.pid)),
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'db'),
    jwtSecret: e.JWT_SECRET ?? overrides.jwtSecret ?? persistedSecret(dataDir),
    userTokenTtl: e.USER_TOKEN_TTL,
    adminTokenTtl: e.ADMIN_TOKEN_TTL,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    mail: {
      driver: e.SMTP_URL ? 'smtp' : 'outbox',
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    trustProxy: e.TRUST_PROXY === 'true',
    jsonBodyLimit: e.JSON_BODY_LIMIT,
    logLevel: e.LOG_LEVEL,
    rendererDist: path.resolve(e.RENDERER_DIST ?? path.join(serverRoot, '../renderer/dist')),
    jobConcurrency: e.JOB_CONCURRENCY ?? Math.max(1, availableParallelism()),
    compressSyncWaitMs: e.COMPRESS_SYNC_WAIT_MS,
    sweepIntervalMs: e.SWEEP_INTERVAL_MS,
    worker: e.WORKER === 'true',
    paymentProvider: e.PAYMENT_PROVIDER,
    stripe: stripeConfig(e),
    paypal: paypalConfig(e),
    unpaidUploadsPerAddressBytes: e.UNPAID_UPLOADS_PER_ADDRESS_BYTES,
    hsts: e.HSTS,
    downloadLinkSecret: '',
  };
  const merged = { ...config, ...overrides };
  return Object.freeze({ ...merged, downloadLinkSecret: overrides.downloadLinkSecret ?? e.DOWNLOAD_LINK_SECRET ?? deriveLinkSecret(merged.jwtSecret) });
}
