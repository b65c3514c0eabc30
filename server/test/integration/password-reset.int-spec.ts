import { ApiError, ErrorMessages, RESET_TOKEN_TTL_MS } from '@shrinkly/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../src/db/schema/index.js';
import { SweeperService } from '../../src/services/sweeper.service.js';
import { newUser, startTestApp, type TestApp, TestClock, tokenOf } from '../harness.js';

describe('password reset by email', () => {
  let t: TestApp;
  const clock = new TestClock();
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(async () => t?.close());

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

    expect(((await t.as(session).me().catch((e: unknown) => e)) as ApiError).status).toBe(401);
    expect(((await t.api.login({ email: body.email, password: body.password }).catch((e: unknown) => e)) as ApiError).status).toBe(401);
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
    const res = await t.fetch('/api/auth/reset-password', { method: 'POST', json: { token: 'made-up-token', password: 'whatever1' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: ErrorMessages.invalidResetToken });
  });
});
