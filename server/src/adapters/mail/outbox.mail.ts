import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { type MailMessage, MailPort } from './mail.port.js';
import { nodemailerMessage } from './nodemailer-message.js';

/**
 * Writes each message as an RFC 822 `.eml` file in the outbox folder and logs its link, so a machine
 * without a mail server still delivers reset links to whoever runs it.
 */
export class OutboxMail extends MailPort {
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    private readonly outboxDir: string,
    private readonly from: string,
    private readonly logger: Logger,
  ) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.composer.sendMail(nodemailerMessage(this.from, message));
    await mkdir(this.outboxDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
    const final = path.join(this.outboxDir, name);
    // Write then rename, so a reader never sees half a message.
    await writeFile(`${final}.tmp`, info.message as Buffer);
    await rename(`${final}.tmp`, final);
    this.logger.info({ to: message.to, subject: message.subject, link: message.link, file: final }, 'mail written to outbox');
  }

  async close(): Promise<void> {
    this.composer.close();
  }
}
