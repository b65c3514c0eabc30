import { createHash } from 'node:crypto';
import { ErrorMessages } from '@shrinkly/contract';
import type { Clock } from '../../common/clock.js';
import { UnauthorizedError } from '../../common/errors.js';
import type { AdminRepository } from './admin.repository.js';
import type { AuthRateLimiter } from './auth-rate-limiter.js';
import type { PasswordHasher } from './password-hasher.js';
import type { ResetLinkMailer } from './reset-link-mailer.js';
import type { ResetTokenRepository } from './reset-token.repository.js';
import type { UserRepository } from './user.repository.js';

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Reset links for users and administrators: issued by email, single-use, expiring, stored hashed. */
export class PasswordResetService {
  constructor(
    private readonly users: UserRepository,
    private readonly admins: AdminRepository,
    private readonly resetTokens: ResetTokenRepository,
    private readonly hasher: PasswordHasher,
    private readonly links: ResetLinkMailer,
    private readonly limiter: AuthRateLimiter,
    private readonly clock: Clock,
  ) {}

  /**
   * Emails a reset link when the address has an account. The caller learns nothing either way: the answer comes
   * before the account is even looked up. Requests are limited per address only, so nobody can use up someone
   * else's resets.
   */
  async requestUserReset(email: string, ip: string): Promise<void> {
    await this.limiter.hit('forgot-password', ip);
    this.links.sendLater('user', email);
  }

  /** Emails a reset link to an administrator, the same way. */
  async requestAdminReset(email: string, ip: string): Promise<void> {
    await this.limiter.hit('admin-reset', ip);
    this.links.sendLater('admin', email);
  }

  /** Spends a reset token and sets the new password; every older session and every other link of that account ends. */
  async resetWithToken(token: string, password: string, ip: string): Promise<'user' | 'admin'> {
    await this.limiter.assertAllowed('reset-password', ip);
    const now = this.clock.now();
    const spent = await this.resetTokens.consume(hashResetToken(token), now);
    if (!spent) {
      await this.limiter.record('reset-password', ip);
      throw new UnauthorizedError(ErrorMessages.invalidResetToken);
    }
    const passwordHash = await this.hasher.hash(password);
    if (spent.userId) {
      await this.resetTokens.revokeAll({ userId: spent.userId }, now);
      await this.users.updatePassword(spent.userId, passwordHash);
      return 'user';
    }
    const adminId = spent.adminId as string;
    await this.resetTokens.revokeAll({ adminId }, now);
    await this.admins.updatePassword(adminId, passwordHash);
    return 'admin';
  }
}
