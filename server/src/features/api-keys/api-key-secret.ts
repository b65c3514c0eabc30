import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_VISIBLE_LENGTH } from '@shrinkly/contract';
import type { Request } from 'express';

/** A new key: `shr_` and 192 random bits (base64url), its readable prefix and the hash that is stored. */
export function newApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, API_KEY_VISIBLE_LENGTH), hash: hashOfApiKey(secret) };
}

/** What is stored of a key: a fast hash is enough for 192 random bits, and lets a request find its key by index. */
export function hashOfApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * The API key a request presents, or null: `Authorization: Bearer shr_…`, or HTTP Basic with the key as the
 * password (any user name, as TinyPNG's clients send `api:KEY`). A bearer that is not a key is a sign-in token.
 */
export function apiKeyOf(req: Request): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (bearer !== undefined) return bearer.startsWith(API_KEY_PREFIX) ? bearer : null;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header)?.[1];
  if (basic === undefined) return null;
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  const password = decoded.slice(decoded.indexOf(':') + 1);
  return password.startsWith(API_KEY_PREFIX) ? password : null;
}
