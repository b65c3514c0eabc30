import type { Logger } from 'pino';
import type { AppConfig } from '../../config/app.config.js';
import type { MailPort } from './mail.port.js';
import { OutboxMail } from './outbox.mail.js';
import { SmtpMail } from './smtp.mail.js';

/** Picks the mail adapter from config: SMTP when SMTP_URL is set, else the outbox. */
export function createMail(config: AppConfig, logger: Logger): MailPort {
  if (config.mail.driver === 'smtp' && config.mail.smtpUrl) return new SmtpMail(config.mail.smtpUrl, config.mail.from, logger);
  return new OutboxMail(config.mail.outboxDir, config.mail.from, logger);
}
