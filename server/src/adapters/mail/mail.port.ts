/** One email to one recipient. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The main link of the message (reset link, share link), logged by the outbox so it can be followed without mail. */
  link?: string;
}

/** Sends email. The outbox (files under DATA_DIR/outbox) is the default; SMTP when SMTP_URL is set. */
export abstract class MailPort {
  /** Sends the message; resolves once it is handed over (written to the outbox or accepted by the SMTP server). */
  abstract send(message: MailMessage): Promise<void>;
  /** Releases connections. */
  abstract close(): Promise<void>;
}
