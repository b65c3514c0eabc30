import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import { METADATA_CHOICES } from './metadata-choice.js';

/** Emails are trimmed and compared case-insensitively, so they are stored lower-case. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, 'Email address is too long')
  .pipe(z.email('Please enter a valid email address'));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);

export const nameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter your full name')
  .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters long`);

/**
 * none: never subscribed. trial: 7 days with a card on file. active: premium, renewing monthly. past_due: a renewal
 * failed and is being retried (access kept for the grace period). canceled: no more charges; access lasts until the
 * end of what was paid (or of the trial). expired: a trial or plan that ended; the account is free.
 */
export const SUBSCRIPTION_STATUSES = ['none', 'trial', 'active', 'past_due', 'canceled', 'expired'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const planSchema = z.enum(['free', 'trial', 'premium']);
export type Plan = z.infer<typeof planSchema>;

/** The signed-in user as the API returns it (AUTH-06, plus id and createdAt). */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  isTrialActive: z.boolean(),
  isSubscribed: z.boolean(),
  trialEndDate: z.string().nullable().describe('ISO 8601 date-time, or null without a trial'),
  subscriptionStatus: subscriptionStatusSchema,
  storageUsed: z.number().int().describe('bytes'),
  storageLimit: z.number().int().describe('bytes'),
  createdAt: z.string().describe('ISO 8601 date-time'),
  // A default, so a user stored or served before the choice existed (the desktop's saved profile) still reads.
  photoData: z
    .enum(METADATA_CHOICES)
    .default('strip')
    .describe('what pictures keep of their metadata when an upload names no choice'),
});
export type User = z.infer<typeof userSchema>;

/** PATCH /api/auth/preferences: the choices a signed-in user keeps between uploads. */
export const preferencesRequestSchema = z
  .object({ photoData: z.enum(METADATA_CHOICES, { message: "Photo data must be 'strip' or 'camera'" }) })
  .strict();
export type PreferencesRequest = z.infer<typeof preferencesRequestSchema>;

/** The admin view's rule (ADM-16): Premium if subscribed, else Trial if the trial is active, else Free. */
export function planFromFlags(user: Pick<User, 'isSubscribed' | 'isTrialActive'>): Plan {
  if (user.isSubscribed) return 'premium';
  if (user.isTrialActive) return 'trial';
  return 'free';
}

export const registerRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  // Any non-empty string may be tried; length rules apply when a password is set, not when it is checked.
  password: z.string().min(1, 'Please enter a password').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** From the emailed link. */
export const resetWithTokenSchema = z.object({
  token: z.string().min(1).max(512),
  password: passwordSchema,
});
/** From account settings, signed in. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});
export const resetPasswordRequestSchema = z.union([resetWithTokenSchema, changePasswordSchema]);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * Answer of a password reset. `audience` says whose password it was, so the reset page can send an
 * administrator back to the admin login instead of the user sign-in page.
 */
export const resetPasswordResponseSchema = z.object({
  message: z.string(),
  audience: z.enum(['user', 'admin']),
});
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

export const adminLoginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type AdminLoginRequest = z.input<typeof adminLoginRequestSchema>;
export const adminLoginResponseSchema = z.object({ token: z.string() });
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

export const adminResetRequestSchema = z.object({ email: emailSchema });
export type AdminResetRequest = z.input<typeof adminResetRequestSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('up'),
  tools: z.record(z.string(), z.boolean()).describe('command-line tools found on this server'),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
