import type { AdminUser, RevenuePeriod } from '@shrinkly/contract';

export type AdminPlanLabel = 'Premium' | 'Trial' | 'Free';

/** SPEC section 4: Premium if subscribed, else Trial if the trial is active, else Free. */
export function adminPlanOf(user: Pick<AdminUser, 'isSubscribed' | 'isTrialActive'>): AdminPlanLabel {
  if (user.isSubscribed) return 'Premium';
  return user.isTrialActive ? 'Trial' : 'Free';
}

/** SPEC section 4 badge styling: Premium default, Trial secondary, Free outline (Mantine variants). */
export const PLAN_BADGE_VARIANT: Record<AdminPlanLabel, { variant: 'filled' | 'light' | 'outline'; color: string }> = {
  Premium: { variant: 'filled', color: 'blue' },
  Trial: { variant: 'light', color: 'gray' },
  Free: { variant: 'outline', color: 'gray' },
};

/** "Daily", "Weekly", "Monthly", "Annually". */
export function periodLabel(period: RevenuePeriod): string {
  return period.charAt(0).toUpperCase() + period.slice(1);
}

/** SPEC section 8 "Admin": the user reset's failure messages as staff read them. */
export function userResetFailureMessage(serverMessage: string | null): string {
  if (!serverMessage) return 'Failed to reset password';
  if (serverMessage.includes('Invalid email address format')) return 'User has an invalid email address format';
  if (serverMessage.includes('Cannot send email to test/demo domains')) return 'Cannot send emails to test/demo domains';
  if (serverMessage.includes('Failed to send password reset email')) return 'Email service temporarily unavailable';
  return serverMessage;
}
