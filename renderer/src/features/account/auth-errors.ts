import { ApiError } from '@shrinkly/contract';
import { hasErrorCode } from '../../api/api-error';

/** The error's message, or null when it has none worth showing. */
export function messageOf(error: unknown): string | null {
  return error instanceof Error && error.message ? error.message : null;
}

/** A rejected sign-in: the Authentication Failed dialog, not a toast (ERR-03). */
export function isInvalidCredentials(error: unknown): boolean {
  return hasErrorCode(error, 'invalidCredentials') || (error instanceof ApiError && error.status === 401);
}

/** Too many attempts: the server's own words (how long to wait), without the status code; null for other errors. */
export function rateLimitMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status === 429 ? error.serverMessage : null;
}

/** A sign-up with an email that already has an account (ERR-05). */
export function isAlreadyRegistered(error: unknown): boolean {
  return hasErrorCode(error, 'userExists');
}

/** The reset page's link is unknown, used or expired (ERR-09). */
export function isInvalidResetLink(error: unknown): boolean {
  return hasErrorCode(error, 'invalidResetToken', 'invalidToken');
}
