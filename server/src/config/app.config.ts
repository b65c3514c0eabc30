import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPRESS_SYNC_WAIT_MS, UNPAID_UPLOADS_PER_ADDRESS_BYTES } from '@shrinkly/contract';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Stripe's variables: required with PAYMENT_PROVIDER=stripe (checked in stripeConfig), ignored otherwise. */
const stripeEnv = {
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_PRICE_ID: z
    .string()
    .regex(/^price_/, 'must be a Stripe price id (price_…)')
    .optional(),
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
  /** Tests only (checked in stripeJsUrl): a stand-in for Stripe.js, loaded by the card step in place of Stripe's own. */
  STRIPE_JS_URL: z.url({ protocol: /^https?$/ }).optional(),
};

/** PayPal's variables: required with PAYMENT_PROVIDER=paypal (checked in paypalConfig), ignored otherwise. */
const paypalEnv = {
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_PLAN_ID: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  /** Optional: the merchant id of the account PayPal must pay (checked on every order before it is offered or captured). */
  PAYPAL_MERCHANT_ID: z
    .string()
    .regex(/^[0-9A-Za-z]+$/, 'must be a PayPal merchant id (letters and digits)')
    .optional(),
  PAYPAL_API_BASE: z.url().default('https://api-m.sandbox.paypal.com'),
};

/** S3's variables: S3_BUCKET is required with STORAGE=s3 (checked in s3Config); none may be set otherwise. */
const s3Env = {
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens)')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
};

/** Redis's variables: the scale-out queue, shared rate limits; the others are read only with REDIS_URL. */
const redisEnv = {
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/, 'must be letters, digits, _ . or -')
    .default('shrinkly'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  JOB_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  JOB_STALLED_CHECK_MS: z.coerce.number().int().min(500).default(30_000),
};

/** Webhook deliveries: the operator's switch for private addresses, and the pace of tries (shortened by tests). */
const webhookEnv = {
  /** `true`: deliveries may reach private, loopback and link-local addresses, over http:// too (a local receiver). */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false']).default('false'),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The wait before the second try; each later wait doubles, up to 480 times this (8 hours by default). */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).default(60_000),
};

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  APP_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  USER_TOKEN_TTL: z.string().default('7d'),
  ADMIN_TOKEN_TTL: z.string().default('12h'),
  /** Requests one API key may make per minute; past it, 429 with Retry-After. */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Shrinkly <no-reply@shrinkly.local>'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine(
      (v) => parseTrustProxy(v) !== undefined,
      'must be false, true (one proxy), a number of proxies, or their addresses and subnets',
    ),
  JSON_BODY_LIMIT: z.string().default('100kb'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RENDERER_DIST: z.string().optional(),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  ENGINE_CPU_SLOTS: z.coerce.number().int().min(1).max(256).optional(),
  RUN_WORKER: z.enum(['true', 'false']).default('true'),
  COMPRESS_SYNC_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(COMPRESS_SYNC_WAIT_MS),
  SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60 * 1000),
  /** The payment provider: the sandbox (test mode, no money moves), or a real one with its own variables below. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe', 'paypal']).default('sandbox'),
  /** `true`: a production start may run the sandbox payments (a public demo: every paid thing is free). */
  PAYMENT_SANDBOX_DEMO: z.enum(['true', 'false']).default('false'),
  /** `true`: a production start may run the tools without bubblewrap (they would see this server's files). */
  ALLOW_UNCONFINED_TOOLS: z.enum(['true', 'false']).default('false'),
  /** `https`: Strict-Transport-Security only on requests that came over HTTPS (as TRUST_PROXY lets express see it). */
  HSTS: z.enum(['https', 'always', 'off']).default('https'),
  /** Where blobs and the chunks of chunked uploads are kept: `local` (DATA_DIR) or `s3` (the S3_* variables below). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  UNPAID_UPLOADS_PER_ADDRESS_BYTES: z.coerce.number().int().min(0).default(UNPAID_UPLOADS_PER_ADDRESS_BYTES),
  DOWNLOAD_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ...redisEnv,
  ...webhookEnv,
  ...stripeEnv,
  ...paypalEnv,
  ...s3Env,
});

type Env = z.output<typeof envSchema>;

/** Stripe's keys, the price of the monthly plan and the API's address (a local fake in tests). */
export interface StripeConfig {
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  readonly priceId: string;
  readonly apiBase: string;
  /**
   * Where the card step loads Stripe.js from when it is not Stripe's own (https://js.stripe.com, the version
   * @stripe/stripe-js picks): a stand-in script in tests (STRIPE_JS_URL), which the Content-Security-Policy then allows.
   */
  readonly jsUrl?: string;
}

/** What the PayPal adapter needs: the REST app's credentials, the plan subscribers join and the webhook to verify. */
export interface PaypalConfig {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly planId: string;
  readonly webhookId: string;
  /** The merchant id orders must name as their payee (PAYPAL_MERCHANT_ID), when set. */
  readonly merchantId?: string;
  /** https://api-m.sandbox.paypal.com (the default) or https://api-m.paypal.com for live payments. */
  readonly apiBase: string;
}

/** An S3-compatible object store: AWS S3 when no endpoint is given. */
export interface S3Config {
  readonly endpoint: string | undefined;
  readonly region: string;
  readonly bucket: string;
  /** Both set, or neither: then the AWS SDK's own chain (AWS_* variables, an instance or task role) is used. */
  readonly credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `http://host/bucket/key` rather than `http://bucket.host/key`; most servers other than AWS need it. */
  readonly forcePathStyle: boolean;
}

/** The Redis queue and counters, shared by every process of a deployment. */
export interface RedisConfig {
  readonly url: string;
  /** Starts every key, so several deployments (or test files) can share one Redis. */
  readonly prefix: string;
  /** Jobs one worker process takes from Redis at once. */
  readonly workerConcurrency: number;
  /** How long a running job's lock lasts unless its process renews it (at half that): past it, the job is stalled. */
  readonly lockMs: number;
  /** How often workers look for stalled jobs (their process died) to hand them to another worker. */
  readonly stalledCheckMs: number;
}

/** How webhooks are delivered. */
export interface WebhookConfig {
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES: private, loopback and link-local receivers (and http://) allowed. */
  readonly allowPrivateAddresses: boolean;
  /** How long one try waits for the receiver's answer. */
  readonly timeoutMs: number;
  /** The wait before the second try (see WEBHOOK_MAX_ATTEMPTS in the contract for the whole schedule). */
  readonly retryBaseMs: number;
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
  readonly apiKeyRequestsPerMinute: number;
  readonly adminEmail: string | undefined;
  readonly adminPassword: string | undefined;
  readonly mail: { driver: MailDriver; smtpUrl: string | undefined; from: string; outboxDir: string };
  /** Which proxies in front are believed about the client's address (TRUST_PROXY, as express's `trust proxy` takes it). */
  readonly trustProxy: TrustProxy;
  readonly jsonBodyLimit: string;
  readonly logLevel: string;
  readonly rendererDist: string;
  /** Compressions running at once in this process (default: the CPU cores); with Redis, the previews this process runs. */
  readonly jobConcurrency: number;
  /** Encodes the engine runs at once in this process, across all its jobs (its CPU budget): the cores by default. */
  readonly engineCpuSlots: number;
  /** Whether `npm start` runs the worker part (jobs, sweeper) beside the web part; false leaves them to `npm run worker`. */
  readonly runWorker: boolean;
  /** Set with REDIS_URL: jobs go through Redis to every worker process, rate limits count across processes. */
  readonly redis: RedisConfig | undefined;
  /** How long POST /api/compress waits for a quick result before answering with the job. */
  readonly compressSyncWaitMs: number;
  readonly sweepIntervalMs: number;
  readonly paymentProvider: Env['PAYMENT_PROVIDER'];
  /** PAYMENT_SANDBOX_DEMO: a production start may serve the sandbox payments (a demo where everything paid is free). */
  readonly paymentSandboxDemo: boolean;
  /** ALLOW_UNCONFINED_TOOLS: a production start may run the tools without their sandbox (the risk accepted). */
  readonly allowUnconfinedTools: boolean;
  /** Set exactly when the provider is Stripe. */
  readonly stripe: StripeConfig | undefined;
  /** Set exactly when the provider is PayPal. */
  readonly paypal: PaypalConfig | undefined;
  /** Uploads waiting for payment from one address add up to at most this many bytes. */
  readonly unpaidUploadsPerAddressBytes: number;
  readonly hsts: HstsMode;
  readonly storage: Env['STORAGE'];
  /** Set exactly when storage is S3. */
  readonly s3: S3Config | undefined;
  /** Signs download, checkout and file links; its own key, so a link signature says nothing about the JWT secret. */
  readonly downloadLinkSecret: string;
  readonly webhooks: WebhookConfig;
}

export class ConfigError extends Error {}

/** Stops the start with every problem named, one per line. */
function invalid(problems: readonly string[]): never {
  throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
}

/**
 * The variables an adapter cannot start without, read when `choice` (such as `PAYMENT_PROVIDER=stripe`) is the
 * configured one (else undefined); every missing one is named.
 */
function requiredOf<K extends keyof Env>(
  e: Env,
  choice: `${'PAYMENT_PROVIDER' | 'STORAGE'}=${string}`,
  keys: readonly K[],
): Record<K, string> | undefined {
  const [variable, value] = choice.split('=') as ['PAYMENT_PROVIDER' | 'STORAGE', string];
  if (e[variable] !== value) return undefined;
  const missing = keys.filter((key) => !e[key]);
  if (missing.length > 0) invalid(missing.map((key) => `${key}: required with ${choice}`));
  return Object.fromEntries(keys.map((key) => [key, String(e[key])])) as Record<K, string>;
}

/**
 * STRIPE_JS_URL, accepted in tests only: outside them a card form must run Stripe's own Stripe.js, loaded from
 * js.stripe.com (Stripe's rule for PCI compliance), and the Content-Security-Policy must allow nothing else.
 */
function stripeJsUrl(e: Env): string | undefined {
  if (e.STRIPE_JS_URL !== undefined && e.NODE_ENV !== 'test') {
    invalid([
      `STRIPE_JS_URL: tests only (NODE_ENV=test), but NODE_ENV is ${e.NODE_ENV}; unset it to load Stripe.js from https://js.stripe.com`,
    ]);
  }
  return e.STRIPE_JS_URL;
}

/** Stripe's settings when it is the provider. */
function stripeConfig(e: Env): StripeConfig | undefined {
  const jsUrl = stripeJsUrl(e);
  const v = requiredOf(e, 'PAYMENT_PROVIDER=stripe', [
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PRICE_ID',
  ]);
  return (
    v && {
      secretKey: v.STRIPE_SECRET_KEY,
      publishableKey: v.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: v.STRIPE_WEBHOOK_SECRET,
      priceId: v.STRIPE_PRICE_ID,
      apiBase: e.STRIPE_API_BASE.replace(/\/$/, ''),
      jsUrl,
    }
  );
}

/** PayPal's settings when it is the provider. */
function paypalConfig(e: Env): PaypalConfig | undefined {
  const v = requiredOf(e, 'PAYMENT_PROVIDER=paypal', [
    'PAYPAL_CLIENT_ID',
    'PAYPAL_CLIENT_SECRET',
    'PAYPAL_PLAN_ID',
    'PAYPAL_WEBHOOK_ID',
  ]);
  return (
    v && {
      clientId: v.PAYPAL_CLIENT_ID,
      clientSecret: v.PAYPAL_CLIENT_SECRET,
      planId: v.PAYPAL_PLAN_ID,
      webhookId: v.PAYPAL_WEBHOOK_ID,
      apiBase: e.PAYPAL_API_BASE.replace(/\/$/, ''),
      ...(e.PAYPAL_MERCHANT_ID ? { merchantId: e.PAYPAL_MERCHANT_ID } : {}),
    }
  );
}

/**
 * S3's settings when STORAGE=s3. An S3 variable without STORAGE=s3 stops the start too: blobs silently kept on one
 * machine's disk, when the operator meant a shared bucket, would be lost to every other process of a fleet.
 */
function s3Config(e: Env): S3Config | undefined {
  const v = requiredOf(e, 'STORAGE=s3', ['S3_BUCKET']);
  const given = (Object.keys(s3Env) as Array<keyof typeof s3Env>).filter((key) => key !== 'S3_REGION' && e[key] !== undefined);
  if (!v) {
    if (given.length > 0)
      invalid(given.map((key) => `${key}: set, but STORAGE is ${e.STORAGE}; set STORAGE=s3 to keep blobs in S3`));
    return undefined;
  }
  const keyId = e.S3_ACCESS_KEY_ID;
  const secret = e.S3_SECRET_ACCESS_KEY;
  if ((keyId === undefined) !== (secret === undefined)) {
    invalid([
      keyId ? 'S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID' : 'S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY',
    ]);
  }
  return {
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    region: e.S3_REGION,
    bucket: v.S3_BUCKET,
    credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : undefined,
    forcePathStyle: (e.S3_FORCE_PATH_STYLE ?? (e.S3_ENDPOINT ? 'true' : 'false')) === 'true',
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
    invalid(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const jobConcurrency = e.JOB_CONCURRENCY ?? Math.max(1, availableParallelism());
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
    apiKeyRequestsPerMinute: e.API_KEY_REQUESTS_PER_MINUTE,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    mail: {
      driver: e.SMTP_URL ? 'smtp' : 'outbox',
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
    jsonBodyLimit: e.JSON_BODY_LIMIT,
    logLevel: e.LOG_LEVEL,
    rendererDist: path.resolve(e.RENDERER_DIST ?? path.join(serverRoot, '../renderer/dist')),
    jobConcurrency,
    engineCpuSlots: e.ENGINE_CPU_SLOTS ?? Math.max(1, availableParallelism()),
    runWorker: e.RUN_WORKER === 'true',
    redis: e.REDIS_URL
      ? {
          url: e.REDIS_URL,
          prefix: e.REDIS_PREFIX,
          workerConcurrency: e.WORKER_CONCURRENCY ?? jobConcurrency,
          lockMs: e.JOB_LOCK_MS,
          stalledCheckMs: e.JOB_STALLED_CHECK_MS,
        }
      : undefined,
    compressSyncWaitMs: e.COMPRESS_SYNC_WAIT_MS,
    sweepIntervalMs: e.SWEEP_INTERVAL_MS,
    paymentProvider: e.PAYMENT_PROVIDER,
    paymentSandboxDemo: e.PAYMENT_SANDBOX_DEMO === 'true',
    allowUnconfinedTools: e.ALLOW_UNCONFINED_TOOLS === 'true',
    stripe: stripeConfig(e),
    paypal: paypalConfig(e),
    unpaidUploadsPerAddressBytes: e.UNPAID_UPLOADS_PER_ADDRESS_BYTES,
    hsts: e.HSTS,
    storage: e.STORAGE,
    s3: s3Config(e),
    downloadLinkSecret: '',
    webhooks: {
      allowPrivateAddresses: e.WEBHOOK_ALLOW_PRIVATE_ADDRESSES === 'true',
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    },
  };
  const merged = { ...config, ...overrides };
  return Object.freeze({
    ...merged,
    downloadLinkSecret: overrides.downloadLinkSecret ?? e.DOWNLOAD_LINK_SECRET ?? deriveLinkSecret(merged.jwtSecret),
  });
}
