import { ApiError, ErrorMessages } from '@shrinkly/contract';

/** The error's message, or null when it has none worth showing. */
export function messageOf(error: unknown): string | null {
  return error instanceof Error && error.message ? error.message : null;
}

/** A rejected sign-in: the Authentication Failed dialog, not a toast (SPEC section 8). */
export function isInvalidCredentials(error: unknown): boolean {
  const message = messageOf(error) ?? '';
  return message.includes(ErrorMessages.invalidCredentials) || message.includes('401');
}

/** Too many attempts: the server's own words (how long to wait), without the status code; null for other errors. */
export function rateLimitMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status === 429 ? error.serverMessage : null;
}

/** A sign-up with an email that already has an account. */
export function isAlreadyRegistered(error: unknown): boolean {
  const message = messageOf(error) ?? '';
  return message.includes(ErrorMessages.userExists) || message.includes('already registered');
}

/** The reset page's link is unknown, used or expired. */
export function isInvalidResetLink(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.status === 400 || error.status === 401) && /invalid|expired/i.test(error.serverMessage)
  );
}
