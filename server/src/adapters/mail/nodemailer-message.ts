import type { SendMailOptions } from 'nodemailer';
import type { MailMessage } from './mail.port.js';

/** The message as nodemailer composes it, from `from`: the adapters differ only in where it then goes. */
export function nodemailerMessage(from: string, message: MailMessage): SendMailOptions {
  return { from, to: message.to, subject: message.subject, text: message.text, html: message.html };
}
