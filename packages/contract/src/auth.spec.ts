import { describe, expect, it } from 'vitest';
import { userSchema } from './auth.js';

describe('the user', () => {
  it('reads a user stored or served before photo data was a choice, with the default', () => {
    const before = {
      id: 'u1',
      name: 'Ada',
      email: 'ada@example.com',
      isTrialActive: false,
      isSubscribed: false,
      trialEndDate: null,
      subscriptionStatus: 'none',
      storageUsed: 0,
      storageLimit: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    expect(userSchema.parse(before).photoData).toBe('strip');
    expect(userSchema.parse({ ...before, photoData: 'camera' }).photoData).toBe('camera');
  });
});
