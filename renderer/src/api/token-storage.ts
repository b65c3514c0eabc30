/** localStorage keys of the stored bearer tokens (SPEC section 3). */
export const USER_TOKEN_KEY = 'auth_token';
export const ADMIN_TOKEN_KEY = 'adminToken';

/** Reads a stored token; storage can be unavailable (private mode, blocked cookies), which reads as "no token". */
export function readStoredToken(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStoredToken(key: string, token: string | null): void {
  try {
    if (token) window.localStorage.setItem(key, token);
    else window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable: the session then lasts only as long as the page.
  }
}
