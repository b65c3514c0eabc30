import { randomBytes } from 'node:crypto';
import { emailSchema, pages, RESET_LINKS_PER_ACCOUNT, RESET_TOKEN_TTL_MS } from '@shrinkly/contract';
import type { MailPort } from '../../adapters/mail/mail.port.js';
import type { BackgroundTasks } from '../../common/background-tasks.js';
import type { Clock } from '../../common/clock.js';
import { ServiceUnavailableError, ValidationError } from '../../common/errors.js';
import type { AdminRepository } from './admin.repository.js';
import { passwordResetMail } from './mail-templates.js';
import { hashResetToken } from './password-reset.service.js';
import type { ResetSubject, ResetTokenRepository } from './reset-token.repository.js';
import type { UserRepository } from './user.repository.js';

/**
 * Mails reset links after the request has been answered: whether the address has an account (a lookup, a new link,
 * a mail) never shows in the answer or its timing.
 */
export class ResetLinkMailer {
  constructor(
    private readonly users: UserRepository,
    private readonly admins: AdminRepository,
    private readonly resetTokens: ResetTokenRepository,
    private readonly mail: MailPort,
    private readonly tasks: BackgroundTasks,
    private readonly clock: Clock,
    private readonly appUrl: string,
  ) {}

  /** Mails a link to the user or administrator with this email, if there is one, once the caller has answered. */
  sendLater(audience: 'user' | 'admin', email: string): void {
    this.tasks.run('password reset mail', async () => {
      const account = audience === 'user' ? await this.users.findByEmail(email) : await this.admins.findByEmail(email);
      if (!account) return;
      await this.send(audience === 'user' ? { userId: account.id } : { adminId: account.id }, account.email, audience);
    });
  }

  /**
   * Mails a link to this user now and says what went wrong, for staff who asked for it by the user's id (nothing to
   * hide from them): an address that cannot take mail, or a mail server that refused.
   */
  async sendNow(user: { id: string; email: string }): Promise<void> {
    if (!emailSchema.safeParse(user.email).success) throw new ValidationError('Invalid email address format');
    try {
      await this.send({ userId: user.id }, user.email, 'user');
    } catch (err) {
      throw new ServiceUnavailableError('Failed to send password reset email', { cause: err });
    }
  }

  private async send(subject: ResetSubject, email: string, audience: 'user' | 'admin'): Promise<void> {
    const now = this.clock.now();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
    // Past a few links waiting in the owner's inbox, more would only flood it; refusing the request instead would
    // let anyone stop the owner from resetting. The links already sent still work.
    if (!(await this.resetTokens.createCapped(subject, hashResetToken(token), expiresAt, now, RESET_LINKS_PER_ACCOUNT))) return;
    const link = `${this.appUrl}${pages.resetPassword(token)}`;
    await this.mail.send(passwordResetMail(email, link, audience));
  }
}
