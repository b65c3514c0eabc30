import { ApiError, type ErrorCode, ErrorMessages } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { isPremiumRequired } from '../compression/premium-required';
import { isAlreadyRegistered, isInvalidCredentials, isInvalidResetLink, rateLimitMessage } from './auth-errors';

/** A failed call as the contract client reads it: the code comes with the server's words. */
const answered = (status: number, code?: ErrorCode) => new ApiError(status, code ? ErrorMessages[code] : 'Other words', code);
const offline = new TypeError('Failed to fetch');

describe('screens branch on the error code or the status, never on the words', () => {
  it.each([
    ['isInvalidCredentials', isInvalidCredentials, [answered(401, 'invalidCredentials'), answered(401)]],
    ['isAlreadyRegistered', isAlreadyRegistered, [answered(409, 'userExists')]],
    ['isInvalidResetLink', isInvalidResetLink, [answered(401, 'invalidResetToken'), answered(401, 'invalidToken')]],
    ['isPremiumRequired', isPremiumRequired, [answered(402, 'premiumRequired'), answered(402)]],
  ] as const)('%s', (_name, matches, yes) => {
    for (const error of yes) expect(matches(error), error.message).toBe(true);
    // The same words without the code, another code, or no answer at all: generic handling.
    const words = yes[0].serverMessage;
    for (const error of [new ApiError(400, words), answered(400, 'notFound'), new Error(words), offline]) {
      expect(matches(error), error.message).toBe(false);
    }
  });

  it("shows a rate limit in the server's own words, and nothing else", () => {
    expect(rateLimitMessage(answered(429, 'rateLimited'))).toBe(ErrorMessages.rateLimited);
    expect(rateLimitMessage(answered(401, 'invalidCredentials'))).toBeNull();
    expect(rateLimitMessage(offline)).toBeNull();
  });
});
