/**
 * Product constants: every limit, price, duration and level of SPEC.md section 9, in one place.
 * Nothing else in the codebase repeats these numbers.
 */

export const PRODUCT_NAME = 'Shrinkly';
export const SUPPORT_EMAIL = 'support@shrinkly.app';

/** Size units are base 1024 (CONST-23). */
export const MB = 1024 * 1024;
export const GB = 1024 * MB;

/** Files strictly under this size are compressed free; at or above it they cost PAY_PER_FILE_PRICE_USD. */
export const FREE_COMPRESSION_LIMIT_BYTES = 100 * MB;
/** Largest file accepted anywhere. */
export const MAX_FILE_SIZE_BYTES = 5 * GB;
/** Largest file the free converter accepts. */
export const CONVERTER_LIMIT_BYTES = 100 * MB;
/**
 * Uploads waiting for payment (100 MB+ public compressions not yet paid) from one address add up to at most this,
 * so unpaid files cannot fill the disk: two files of the largest size. (The server's UNPAID_UPLOADS_PER_ADDRESS_BYTES
 * setting can lower or raise it.)
 */
export const UNPAID_UPLOADS_PER_ADDRESS_BYTES = 10 * GB;
/** Cloud storage for trial and premium accounts. */
export const STORAGE_LIMIT_BYTES = 10 * GB;
/** Most files in one batch compression. */
export const BATCH_MAX_FILES = 3;
/** Batch uploads: this many at once per round, then a pause (CONST-04). */
export const BATCH_CONCURRENCY = 3;
export const BATCH_ROUND_PAUSE_MS = 500;
/** The storage bar turns yellow at this share of the limit, and red at the next (CONST-22). */
export const STORAGE_WARNING_RATIO = 0.5;
export const STORAGE_DANGER_RATIO = 0.8;
export const FILE_NAME_MAX_LENGTH = 255;
export const FOLDER_NAME_MAX_LENGTH = 100;

export const PAY_PER_FILE_PRICE_USD = 1.0;
/** The peso equivalent the landing page shows next to the per-file price. */
export const PAY_PER_FILE_PRICE_PHP = 58.0;
export const SUBSCRIPTION_PRICE_USD = 3.99;
export const CURRENCY = 'USD';

export const TRIAL_DAYS = 7;
/** "Next billing in 30 days" (CONST-06). */
export const BILLING_PERIOD_DAYS = 30;
/** Refund requests are accepted within this many days of a charge (refund policy). */
export const REFUND_WINDOW_DAYS = 7;
export const MIN_AGE = 13;

/** Card field lengths of the trial step (CONST-18). */
export const CARD_NUMBER_MAX_LENGTH = 19;
export const CARD_EXPIRY_MAX_LENGTH = 5;
export const CARD_CVV_MAX_LENGTH = 4;

export const PASSWORD_MIN_LENGTH = 6;
/** Upper bound so a password cannot be used to make hashing expensive. */
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

const HOUR_MS = 60 * 60 * 1000;
/** A password reset link works once, for this long. */
export const RESET_TOKEN_TTL_MS = 1 * HOUR_MS;
/** Further reset requests for an account with this many unused, unexpired links send nothing new. */
export const RESET_LINKS_PER_ACCOUNT = 5;
/** Visitor and free-account files are removed after this long. */
export const TEMPORARY_FILE_TTL_MS = 24 * HOUR_MS;
/** Download link of a paid (100 MB or more) compression. */
export const PAID_DOWNLOAD_TTL_MS = 1 * HOUR_MS;
/** Download link of a free compression result. */
export const FREE_DOWNLOAD_TTL_MS = 24 * HOUR_MS;
/** Share links. */
export const SHARE_LINK_TTL_MS = 24 * HOUR_MS;
/** Converted files and their download links. */
export const CONVERTED_FILE_TTL_MS = 24 * HOUR_MS;
/** Signed links the dashboard opens for preview and download (long enough to watch a video through). */
export const FILE_LINK_TTL_MS = 1 * HOUR_MS;

/**
 * Sign-in, sign-up, password reset and admin login: this many failures per window, then 429. Sign-in counts them
 * per account and address (see the policy in server/src/features/accounts/auth-rate-limiter.ts): an address failing on
 * `accountsPerAddress` different accounts is refused on all of them, and failures on one account from everywhere
 * only slow its next attempts, from `firstDelayMs` doubling up to `maxDelayMs`.
 */
export const AUTH_RATE_LIMIT = {
  attempts: 10,
  windowMs: 15 * 60 * 1000,
  accountsPerAddress: 20,
  firstDelayMs: 250,
  maxDelayMs: 3000,
} as const;

export const COMPRESSION_LEVELS = ['light', 'balanced', 'maximum'] as const;
export type CompressionLevel = (typeof COMPRESSION_LEVELS)[number];
export const DEFAULT_COMPRESSION_LEVEL: CompressionLevel = 'balanced';
/** Quality values per level (CONST-15); the engine's starting point, tuned by measurement. */
export const LEVEL_QUALITY: Record<CompressionLevel, number> = { light: 85, balanced: 75, maximum: 60 };

/** Redirect delays (CONST-20). */
export const WELCOME_DIALOG_AUTO_CONTINUE_MS = 3000;
export const RESET_PAGE_REDIRECT_MS = 3000;

/**
 * Notifications (CONST-24): one at a time, shown for 5 s, at most 420 px wide, F8 moves focus to them, and a swipe
 * of 50 px to the right dismisses one.
 */
export const NOTIFICATION_LIMIT = 1;
export const NOTIFICATION_DURATION_MS = 5000;
export const NOTIFICATION_MAX_WIDTH_PX = 420;
export const NOTIFICATION_HOTKEY = 'F8';
export const NOTIFICATION_SWIPE_THRESHOLD_PX = 50;

/** Tooltips (CONST-25): shown after 700 ms; moving on to another within 300 ms shows it at once. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Large uploads go in chunks of this size (CONST-12), retried up to CHUNK_ATTEMPTS times. */
export const CHUNK_SIZE_BYTES = 1 * MB;
export const CHUNK_ATTEMPTS = 3;
/**
 * Chunked uploads not assembled yet, counted from their first chunk by the size they declare, so that staging cannot
 * fill the disk: per client address (visitors and free accounts), and per trial or premium account (its storage
 * quota and one largest file more). Chunks from one address are also rate limited. Unfinished uploads go after 24 h.
 */
export const CHUNKED_UPLOAD_LIMITS = {
  openPerAddress: 10,
  stagedBytesPerAddress: 10 * GB,
  openPerAccount: 20,
  stagedBytesPerAccount: 15 * GB,
  chunksPerMinutePerAddress: 1200,
} as const;
/** How long /api/compress waits for a quick result before answering with the job to follow. */
export const COMPRESS_SYNC_WAIT_MS = 5000;
/** Benefits listed with the subscription option of a compression response. */
export const PREMIUM_BENEFITS = [
  'Unlimited compression for all sizes',
  'Priority processing',
  'Advanced analytics',
  '10GB cloud storage',
  'Premium algorithms',
  'Priority/email support',
] as const;

/**
 * Renewals (DESIGN: plan life cycle). A failed renewal is retried every RENEWAL_RETRY_HOURS, at most
 * RENEWAL_MAX_ATTEMPTS times; premium access lasts GRACE_PERIOD_DAYS after the period end while it is retried.
 * The "trial ends soon" email goes TRIAL_REMINDER_DAYS before the trial ends.
 */
export const RENEWAL_RETRY_HOURS = 24;
export const RENEWAL_MAX_ATTEMPTS = 3;
export const GRACE_PERIOD_DAYS = 3;
export const TRIAL_REMINDER_DAYS = 2;
