import { type AdminUser, ApiError, type ErrorCode, type RevenuePeriod } from '@shrinkly/contract';

export type AdminPlanLabel = 'Premium' | 'Trial' | 'Free';

/** Premium if subscribed, else Trial if the trial is active, else Free (ADM-16). */
export function adminPlanOf(user: Pick<AdminUser, 'isSubscribed' | 'isTrialActive'>): AdminPlanLabel {
  if (user.isSubscribed) return 'Premium';
  return user.isTrialActive ? 'Trial' : 'Free';
}

/** ADM-16 badge styling: Premium default, Trial secondary, Free outline (Mantine variants). */
export const PLAN_BADGE_VARIANT: Record<AdminPlanLabel, { variant: 'filled' | 'light' | 'outline'; color: string }> = {
  Premium: { variant: 'filled', color: 'blue' },
  Trial: { variant: 'light', color: 'gray' },
  Free: { variant: 'outline', color: 'gray' },
};

/** "Daily", "Weekly", "Monthly", "Annually". */
export function periodLabel(period: RevenuePeriod): string {
  return period.charAt(0).toUpperCase() + period.slice(1);
}

/** ERR-26: the user reset's failures as staff read them, by the server's error code. */
const USER_RESET_FAILURES: Partial<Record<ErrorCode, string>> = {
  invalidEmailFormat: 'User has an invalid email address format',
  testDomainRefused: 'Cannot send emails to test/demo domains',
  resetEmailFailed: 'Email service temporarily unavailable',
};

/** ERR-26: a known failure in staff's words, any other in the server's, and a default when there are none. */
export function userResetFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Failed to reset password';
  return (error.code && USER_RESET_FAILURES[error.code]) || error.serverMessage || 'Failed to reset password';
}
