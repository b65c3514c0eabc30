import { describe, expect, it } from 'vitest';
import { firstChangePasswordProblem } from './change-password-validation';

describe('firstChangePasswordProblem', () => {
  it('checks all fields, then the match, then the length', () => {
    expect(firstChangePasswordProblem({ currentPassword: '', newPassword: 'abc', confirmPassword: 'abd' })?.title).toBe(
      'Missing Fields',
    );
    expect(firstChangePasswordProblem({ currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abd' })?.title).toBe(
      "Passwords Don't Match",
    );
    expect(firstChangePasswordProblem({ currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abc' })).toEqual({
      title: 'Password Too Short',
      message: 'Password must be at least 6 characters long',
    });
    expect(firstChangePasswordProblem({ currentPassword: 'x', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });
});
