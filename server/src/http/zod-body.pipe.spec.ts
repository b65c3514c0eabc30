import { registerRequestSchema, resetPasswordRequestSchema } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../common/errors.js';
import { ZodBodyPipe } from './zod-body.pipe.js';

describe('ZodBodyPipe', () => {
  const register = new ZodBodyPipe(registerRequestSchema);

  it('returns the parsed, normalised body', () => {
    expect(register.transform({ name: ' Ann ', email: ' ANN@X.COM ', password: 'secret1' })).toEqual({
      name: 'Ann',
      email: 'ann@x.com',
      password: 'secret1',
    });
  });

  it('throws a ValidationError naming the first problem', () => {
    expect(() => register.transform({ email: 'a@b.co', password: 'secret1' })).toThrow(new ValidationError('name is required'));
    expect(() => register.transform(undefined)).toThrow(ValidationError);
  });

  it('reports the closest alternative of a union', () => {
    const reset = new ZodBodyPipe(resetPasswordRequestSchema);
    expect(() => reset.transform({ token: 'abc', password: '123' })).toThrow(/at least 6 characters/);
    expect(() => reset.transform({ currentPassword: 'old', newPassword: '1' })).toThrow(/at least 6 characters/);
  });
});
