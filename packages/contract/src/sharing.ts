import { z } from 'zod';
import { SHARE_LINK_TTL_MS } from './constants.js';

const HOUR_MS = 60 * 60 * 1000;

/** A share link lasts 24 hours unless its owner chooses (premium: from 1 hour to 30 days; trial and free: 24 hours). */
export const SHARE_EXPIRY_HOURS = { standard: SHARE_LINK_TTL_MS / HOUR_MS, min: 1, max: 30 * 24 } as const;
/** The lifetimes My Files offers premium accounts, in hours. */
export const SHARE_EXPIRY_CHOICES_HOURS = [1, 6, 24, 72, 168, 720] as const;
/** A download limit, when a link has one, is at least 1 and at most this. */
export const SHARE_MAX_DOWNLOADS = 1000;
/** Wrong passwords in a row a link accepts before it locks for SHARE_LOCK_MS. */
export const SHARE_PASSWORD_ATTEMPTS = 5;
export const SHARE_LOCK_MS = 15 * 60 * 1000;
/** Passwords one address may try, on any links, per window (each costs an argon2 check). */
export const SHARE_UNLOCKS_PER_ADDRESS = { attempts: 30, windowMs: 15 * 60 * 1000 } as const;
/** A password link's signed download address lasts this long after the password was given. */
export const SHARE_UNLOCKED_TTL_MS = 10 * 60 * 1000;
export const SHARE_PASSWORD_MAX_LENGTH = 128;

/**
 * A link is `active` until it expires, its owner revokes it or its download limit is reached (`exhausted`); a link
 * that ended in several ways reads revoked, else expired, else exhausted.
 */
export const SHARE_LINK_STATES = ['active', 'expired', 'revoked', 'exhausted'] as const;
export const shareLinkStateSchema = z.enum(SHARE_LINK_STATES);
export type ShareLinkState = z.infer<typeof shareLinkStateSchema>;

/** Body of POST /api/files/{id}/share-links: the owner's choices, each optional. */
export const createShareLinkRequestSchema = z.object({
  expiresInHours: z
    .number()
    .int('Whole hours only')
    .min(SHARE_EXPIRY_HOURS.min, 'A link lasts at least 1 hour')
    .max(SHARE_EXPIRY_HOURS.max, 'A link lasts at most 30 days')
    .default(SHARE_EXPIRY_HOURS.standard)
    .describe('hours the link lasts: 24 on trial and free accounts; 1 to 720 on premium'),
  password: z
    .string()
    .min(1, 'Enter a password or leave it out')
    .max(SHARE_PASSWORD_MAX_LENGTH, `At most ${SHARE_PASSWORD_MAX_LENGTH} characters`)
    .optional()
    .describe('the recipient must give it before downloading; stored hashed'),
  maxDownloads: z
    .number()
    .int('Whole downloads only')
    .min(1, 'At least 1 download')
    .max(SHARE_MAX_DOWNLOADS, `At most ${SHARE_MAX_DOWNLOADS} downloads`)
    .optional()
    .describe('downloads allowed; each download request counts, a resumed (Range) one too'),
});
export type CreateShareLinkRequest = z.input<typeof createShareLinkRequestSchema>;

/** One share link of a file, as its owner sees it. */
export const shareLinkSchema = z.object({
  id: z.string(),
  url: z.string().describe("the recipient's page: the file's name, size and saving, and its Download button"),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  hasPassword: z.boolean(),
  maxDownloads: z.number().int().nullable().describe('null: no limit'),
  downloads: z.number().int(),
  state: shareLinkStateSchema,
});
export type ShareLink = z.infer<typeof shareLinkSchema>;
export const shareLinkListSchema = z.array(shareLinkSchema).describe('newest first');

/** What the recipient sees of a shared file. */
export const sharedFileSchema = z.object({
  name: z.string(),
  size: z.number().int().describe('bytes downloaded'),
  originalSize: z.number().int().describe('bytes before compression'),
  spaceSaved: z.number().describe('percent of the original saved, 0-100, one decimal'),
});
export type SharedFile = z.infer<typeof sharedFileSchema>;

/** GET /api/share/{token}/info: a live link; a password link tells nothing of its file before the password. */
export const sharedFileInfoSchema = z.object({
  needsPassword: z.boolean(),
  expiresAt: z.string(),
  file: sharedFileSchema.nullable().describe('null until the password is given'),
});
export type SharedFileInfo = z.infer<typeof sharedFileInfoSchema>;

export const unlockSharedFileRequestSchema = z.object({
  password: z.string().min(1, 'Enter the password').max(SHARE_PASSWORD_MAX_LENGTH),
});

/** The answer to the right password: the file, and an address that downloads it for SHARE_UNLOCKED_TTL_MS. */
export const unlockedSharedFileSchema = z.object({
  file: sharedFileSchema,
  downloadUrl: z.string(),
  expiresAt: z.string(),
});
export type UnlockedSharedFile = z.infer<typeof unlockedSharedFileSchema>;
