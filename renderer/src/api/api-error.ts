import { ApiError, type ErrorCode } from '@shrinkly/contract';

/**
 * Whether a failed call answered with one of these codes. Screens branch on the code (or the status), never on the
 * server's words; an error without a known code matches none, and the screen handles it generically.
 */
export function hasErrorCode(error: unknown, ...codes: ErrorCode[]): boolean {
  return error instanceof ApiError && error.code !== undefined && codes.includes(error.code);
}
