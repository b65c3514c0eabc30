import { PASSWORD_MIN_LENGTH } from '@shrinkly/contract';

export interface ChangePasswordFields {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The first problem of the Change Password form in the order of docs/product/SPEC.md §5 ("Other forms"), as a toast's title and text. */
export function firstChangePasswordProblem(fields: ChangePasswordFields): { title: string; message: string } | null {
  if (!fields.currentPassword || !fields.newPassword || !fields.confirmPassword) {
    return { title: 'Missing Fields', message: 'Please fill in all password fields.' };
  }
  if (fields.newPassword !== fields.confirmPassword) {
    return { title: "Passwords Don't Match", message: 'The new password and its confirmation must be the same.' };
  }
  if (fields.newPassword.length < PASSWORD_MIN_LENGTH) {
    return { title: 'Password Too Short', message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long` };
  }
  return null;
}
