import { setTimeout as sleep } from 'node:timers/promises';
import { type ApiError, ErrorMessages, RESET_TOKEN_TTL_MS } from '@shrinkly/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { type MailMessage, MailPort } from '../../src/adapters/mail/mail.port.js';
import { passwordResetTokens } from '../../src/db/schema/index.js';
import { SweeperService } from '../../src/features/maintenance/sweeper.service.js';
import { statusOf } from '../api-errors.js';
import { decodeQuotedPrintable, newUser, TestClock, tokenOf, useTestApp } from '../harness.js';

describe('password reset by email', () => {
  const clock = new TestClock();
  const t = useTestApp({ clock });

  it('gives the same answer whether or not the email has an account, and mails only real accounts', async () => {
    const body = newUser();
    await t.api.register(body);
    const before = (await t.outbox()).length;
    const known = await t.fetch('/api/auth/forgot-password', { method: 'POST', json: { email: body.email } });
    const unknown = await t.fetch('/api/auth/forgot-password', { method: 'POST', json: { email: 'nobody-here@example.com' } });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
    const mails = await t.outbox();
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)).toContain(`To: ${body.email}`);
    expect(mails.at(-1)).toContain('Subject: Reset your Shrinkly password');
  });

  it('resets the password through the mailed link once, ending older sessions', async () => {
    const body = newUser();
    const { token: session } = await t.api.register(body);
    await t.api.forgotPassword({ email: body.email });
    const link = await t.resetLinkFor(body.email);
    expect(link).toMatch(/\/reset-password\?token=/);
    const reset = await t.api.resetPassword({ token: tokenOf(link), password: 'a new secret' });
    expect(reset.audience).toBe('user');

    expect(await statusOf(t.as(session).me())).toBe(401);
    expect(await statusOf(t.api.login({ email: body.email, password: body.password }))).toBe(401);
    expect((await t.api.login({ email: body.email, password: 'a new secret' })).user.email).toBe(body.email);

    const again = await t.api.resetPassword({ token: tokenOf(link), password: 'another one' }).catch((e: unknown) => e);
    expect((again as ApiError).status).toBe(401);
    expect((again as ApiError).serverMessage).toBe(ErrorMessages.invalidResetToken);
  });

  it('refuses an expired link', async () => {
    const body = newUser();
    await t.api.register(body);
    await t.api.forgotPassword({ email: body.email });
    const link = await t.resetLinkFor(body.email);
    clock.offsetMs = RESET_TOKEN_TTL_MS + 1000;
    try {
      const err = await t.api.resetPassword({ token: tokenOf(link), password: 'too late now' }).catch((e: unknown) => e);
      expect((err as ApiError).status).toBe(401);
      // The sweeper removes links past their hour.
      expect((await t.running.app.get(SweeperService).sweep()).resetLinks).toBeGreaterThanOrEqual(1);
      expect(await t.running.database.db.select().from(passwordResetTokens)).toEqual([]);
    } finally {
      clock.offsetMs = 0;
    }
    expect((await t.api.login(body)).user.email).toBe(body.email);
  });

  it('stores reset tokens only as hashes', async () => {
    const body = newUser();
    await t.api.register(body);
    await t.api.forgotPassword({ email: body.email });
    const token = tokenOf(await t.resetLinkFor(body.email));
    const rows = await t.running.database.db.select().from(passwordResetTokens);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses a made-up token', async () => {
    const res = await t.fetch('/api/auth/reset-password', {
      method: 'POST',
      json: { token: 'made-up-token', password: 'whatever1' },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: ErrorMessages.invalidResetToken, code: 'invalidResetToken' });
  });

  it('ends every other link of the account when one of them resets the password', async () => {
    const body = newUser();
    await t.api.register(body);
    await t.api.forgotPassword({ email: body.email });
    await t.api.forgotPassword({ email: body.email });
    const links = (await t.outbox())
      .filter((m) => m.includes(`To: ${body.email}`))
      .map((m) => /reset-password\?token=([\w-]+)/.exec(decodeQuotedPrintable(m))?.[1] ?? '');
    expect(links).toHaveLength(2);
    const [first, second] = links as [string, string];
    expect((await t.api.resetPassword({ token: second, password: 'a new secret' })).audience).toBe('user');
    const stale = await t.api.resetPassword({ token: first, password: 'an attacker pw' }).catch((e: unknown) => e);
    expect((stale as ApiError).status).toBe(401);
    expect((stale as ApiError).serverMessage).toBe(ErrorMessages.invalidResetToken);
    expect((await t.api.login({ email: body.email, password: 'a new secret' })).user.email).toBe(body.email);
  });

  it('ends outstanding links when the signed-in user changes the password', async () => {
    const body = newUser();
    const { token: session } = await t.api.register(body);
    await t.api.forgotPassword({ email: body.email });
    const link = await t.resetLinkFor(body.email);
    await t.as(session).resetPassword({ currentPassword: body.password, newPassword: 'changed by me' });
    const stale = await t.api.resetPassword({ token: tokenOf(link), password: 'an attacker pw' }).catch((e: unknown) => e);
    expect((stale as ApiError).status).toBe(401);
    expect((await t.api.login({ email: body.email, password: 'changed by me' })).user.email).toBe(body.email);
  });
});

/** A mail transport that holds every message until the test lets it through, or fails them all. */
class HeldMail extends MailPort {
  readonly sent: MailMessage[] = [];
  readonly delivered: MailMessage[] = [];
  failing = false;
  private release!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.release = resolve));

  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
    await this.gate;
    if (this.failing) throw new Error('mail server unreachable');
    this.delivered.push(message);
  }

  open(): void {
    this.release();
  }

  async close(): Promise<void> {}
}

describe('forgot password answers before any mail goes out', () => {
  const mail = new HeldMail();
  const t = useTestApp({ mail });
  afterAll(async () => {
    mail.open();
  });

  it('answers while the mail to an existing account is still held, and sends it afterwards', async () => {
    const body = newUser();
    await t.api.register(body);
    const known = t.api.forgotPassword({ email: body.email });
    const answer = known.then(() => 'answered' as const);
    // Were the answer waiting on the mail, it would never come while the mail is held.
    const mailHeld = (async () => {
      while (mail.sent.length === 0) await sleep(10);
      await sleep(5000);
      return 'waited for the mail' as const;
    })();
    expect(await Promise.race([answer, mailHeld])).toBe('answered');
    expect(mail.delivered).toEqual([]);

    expect(await t.api.forgotPassword({ email: 'nobody-at-all@example.com' })).toEqual(await known);

    mail.open();
    await t.mailsSent();
    expect(mail.delivered.map((m) => m.to)).toEqual([body.email]);
    expect(mail.delivered[0]?.link).toMatch(/\/reset-password\?token=/);
  });

  it('answers the same when the mail fails, and the server carries on', async () => {
    mail.failing = true;
    try {
      const body = newUser();
      await t.api.register(body);
      const res = await t.fetch('/api/auth/forgot-password', { method: 'POST', json: { email: body.email } });
      expect(res.status).toBe(200);
      await t.mailsSent();
      expect(mail.sent.at(-1)?.to).toBe(body.email);
      expect((await t.api.health()).status).toBe('ok');
    } finally {
      mail.failing = false;
    }
  });
});
