import { createHash, randomBytes } from 'node:crypto';
import { ErrorMessages, RESET_TOKEN_TTL_MS } from '@shrinkly/contract';
import type { MailPort } from '../adapters/mail/mail.port.js';
import { UnauthorizedError } from '../common/errors.js';
import type { AdminRepository } from '../repositories/admin.repository.js';
import type { ResetSubject, ResetTokenRepository } from '../repositories/reset-token.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';
import type { AuthRateLimiter } from './auth-rate-limiter.js';
import type { Clock } from './clock.js';
import { passwordResetMail } from './mail-templates.js';
import type { PasswordHasher } from './password-hasher.js';

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
    private readonly mail: MailPort,
    private readonly limiter: AuthRateLimiter,
    private readonly clock: Clock,
    private readonly appUrl: string,
  ) {}

  /** Emails a reset link when the address has an account. The caller learns nothing either way. */
  async requestUserReset(email: string, ip: string): Promise<void> {
    await this.limiter.hit('forgot-password', ip, email);
    const user = await this.users.findByEmail(email);
    if (user) await this.issue({ userId: user.id }, user.email, 'user');
  }

  /** Emails a reset link to an administrator, the same way. */
  async requestAdminReset(email: string, ip: string): Promise<void> {
    await this.limiter.hit('admin-reset', ip, email);
    const admin = await this.admins.findByEmail(email);
    if (admin) await this.issue({ adminId: admin.id }, admin.email, 'admin');
  }

  /** Spends a reset token and sets the new password; every older session of that account ends. */
  async resetWithToken(token: string, password: string, ip: string): Promise<'user' | 'admin'> {
    await this.limiter.assertAllowed('reset-password', ip);
    const spent = await this.resetTokens.consume(hashResetToken(token), this.clock.now());
    if (!spent) {
      await this.limiter.record('reset-password', ip);
      throw new UnauthorizedError(ErrorMessages.invalidResetToken);
    }
    const passwordHash = await this.hasher.hash(password);
    if (spent.userId) {
      await this.users.updatePassword(spent.userId, passwordHash);
      return 'user';
    }
    await this.admins.updatePassword(spent.adminId as string, passwordHash);
    return 'admin';
  }

  private async issue(subject: ResetSubject, email: string, audience: 'user' | 'admin'): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.clock.now().getTime() + RESET_TOKEN_TTL_MS);
    await this.resetTokens.create(subject, hashResetToken(token), expiresAt);
    const link = `${this.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.mail.send(passwordResetMail(email, link, audience));
  }
}
