import { platform } from '../platform';

/** Storage keys of the stored bearer tokens (docs/product/SPEC.md §3). */
export const USER_TOKEN_KEY = 'auth_token';
export const ADMIN_TOKEN_KEY = 'adminToken';

/** Reads a stored token; storage can be unavailable (private mode, blocked cookies), which reads as "no token". */
export function readStoredToken(key: string): string | null {
  return platform.storage.get(key);
}

/** Stores a token, or forgets it when it is empty; without storage the session lasts only as long as the page. */
export function writeStoredToken(key: string, token: string | null): void {
  platform.storage.set(key, token || null);
}

/** The Authorization header of the signed-in user, for requests made outside the contract client. */
export function userAuthHeaders(): Record<string, string> {
  const token = readStoredToken(USER_TOKEN_KEY);
  return token ? { Authorization: `Bearer ${token}` } : {};
}
