import { z } from 'zod';

/** What an API key may do; a route names the scope it needs (`apiKey` on its endpoint), and a key without it gets 403. */
export const API_KEY_SCOPES = ['compress', 'convert', 'files:read', 'files:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope lets a key do, as the settings page explains it. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  compress: 'Compress files (POST /api/compress and its job and download routes)',
  convert: 'Convert files (the converter routes)',
  'files:read': 'Read My Files (list, download, statistics)',
  'files:write': 'Change My Files (upload, rename, move, share, delete, folders)',
};

/** Every key starts with this, so a leaked key is recognisable (secret scanners can match it). */
export const API_KEY_PREFIX = 'shr_';
/** How much of a key is kept readable to tell keys apart: the prefix and 8 more characters. */
export const API_KEY_VISIBLE_LENGTH = API_KEY_PREFIX.length + 8;
/** Keys one account may hold at once (revoked keys do not count). */
export const API_KEYS_PER_ACCOUNT = 20;
/** Keys one account may make in an hour, so making and revoking in a loop cannot flood the audit trail. */
export const API_KEYS_MADE_PER_HOUR = 30;

/**
 * How a route may be called with an API key: the scope it needs ('any' for routes every key may call, such as
 * reading the account), and whether a successful call counts as one file in the key's monthly usage. A route
 * without it takes the sign-in token only (the account, its keys, its billing).
 */
export interface ApiKeyUse {
  /** The scope the route needs, or several of which any one will do (a chunk goes to a landing or a My Files upload). */
  scope: ApiKeyScope | readonly ApiKeyScope[] | 'any';
  countsFile?: boolean;
  /** false for chunk uploads: a big file takes hundreds, and the staging limits bound them instead of the rate. */
  metered?: false;
}

export const apiKeyUsageSchema = z.object({
  month: z.string().describe('calendar month (UTC), YYYY-MM'),
  files: z.number().int(),
  bytesIn: z.number().int(),
  bytesOut: z.number().int(),
});
export type ApiKeyUsage = z.infer<typeof apiKeyUsageSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe('the first characters of the key, to tell keys apart'),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  usage: apiKeyUsageSchema.describe("this month's use"),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** Whether a key with `scopes` may call a route used as `use` says. */
export function keyMayUse(scopes: readonly ApiKeyScope[], use: ApiKeyUse): boolean {
  if (use.scope === 'any') return true;
  const needed: readonly ApiKeyScope[] = typeof use.scope === 'string' ? [use.scope] : use.scope;
  return needed.some((scope) => scopes.includes(scope));
}

/** The scopes a route takes, as the API reference says them. */
export function scopesText(use: ApiKeyUse): string {
  if (use.scope === 'any') return 'any key';
  const needed: readonly ApiKeyScope[] = typeof use.scope === 'string' ? [use.scope] : use.scope;
  return `keys with the ${needed.map((s) => `\`${s}\``).join(' or ')} scope`;
}

export const createApiKeyRequestSchema = z.object({
  name: z.string().trim().min(1, 'Name the key').max(60, 'A key name may be at most 60 characters'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, 'Choose at least one scope')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once'),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

export const createdApiKeySchema = z.object({
  key: apiKeySchema,
  secret: z.string().describe('the whole key: shown this once, never again'),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
