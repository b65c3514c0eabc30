export interface SignUpFields {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** The first sign-up problem in the order of docs/product/SPEC.md §5, or null when the form may be sent. */
export function firstSignUpProblem(fields: SignUpFields, securityCheckSolved: boolean): string | null {
  if (!fields.name.trim()) return 'Please enter your full name';
  if (!fields.email.trim()) return 'Please enter your email address';
  if (!fields.password) return 'Please enter a password';
  if (fields.password !== fields.confirmPassword) return 'Passwords do not match';
  if (!securityCheckSolved) return 'Please solve the math problem correctly';
  return null;
}
