import { z } from 'zod';

/** Every error the API returns has this body, whatever the status. */
export const errorBodySchema = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Messages the product's screens match on (SPEC section 8); the server uses these exact words. */
export const ErrorMessages = {
  invalidCredentials: 'Invalid credentials',
  userExists: 'User already exists',
  unauthorized: 'Authentication required',
  invalidToken: 'Invalid or expired token',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  rateLimited: 'Too many attempts. Please wait 15 minutes and try again.',
  invalidResetToken: 'Invalid or expired reset link',
  wrongCurrentPassword: 'Current password is incorrect',
  bodyTooLarge: 'Request body is too large',
  internal: 'Something went wrong on our side. Please try again.',
} as const;
