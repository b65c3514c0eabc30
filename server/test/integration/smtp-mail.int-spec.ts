import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMail } from '../../src/adapters/mail/smtp.mail.js';
import { newUser, useTestApp } from '../harness.js';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on a random port that keeps what it receives. */
async function startSmtpServer(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('SMTP mail adapter', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp?.close());

  it('delivers a message to a real SMTP server', async () => {
    const mail = new SmtpMail(`${smtp.url}?ignoreTLS=true`, 'Shrinkly <no-reply@shrinkly.test>', pino({ level: 'silent' }));
    await mail.send({ to: 'reader@example.com', subject: 'Hello there', text: 'Body text with a link https://example.com/x' });
    await mail.close();
    const last = smtp.received.at(-1);
    expect(last?.to).toEqual(['reader@example.com']);
    expect(last?.from).toBe('no-reply@shrinkly.test');
    expect(last?.data).toContain('Subject: Hello there');
    expect(last?.data).toContain('https://example.com/x');
  });

  describe('wired into the app by SMTP_URL', () => {
    const t = useTestApp(() => ({
      env: { SMTP_URL: `${smtp.url}?ignoreTLS=true`, MAIL_FROM: 'Shrinkly <reset@shrinkly.test>' },
    }));

    it('sends the reset link by SMTP instead of the outbox', async () => {
      const body = newUser();
      await t.api.register(body);
      await t.api.forgotPassword({ email: body.email });
      await t.mailsSent();
      const message = smtp.received.find((m) => m.to.includes(body.email));
      expect(message?.data.replace(/=\r?\n/g, '')).toMatch(/\/reset-password\?token=[\w-]+/);
      expect(await t.outbox()).toEqual([]);
    });
  });
});
