import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { type MailMessage, MailPort } from './mail.port.js';
import { nodemailerMessage } from './nodemailer-message.js';

/** Sends through an SMTP server given as a URL (smtp://user:pass@host:587 or smtps://...). */
export class SmtpMail extends MailPort {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly logger: Logger,
  ) {
    super();
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail(nodemailerMessage(this.from, message));
    this.logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
