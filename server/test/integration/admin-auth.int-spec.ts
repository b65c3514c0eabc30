import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { JwtService } from '@nestjs/jwt';
import { type ApiError, ErrorMessages } from '@shrinkly/contract';
import type { Request } from 'express';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { admins } from '../../src/db/schema/index.js';
import { AdminRepository } from '../../src/features/accounts/admin.repository.js';
import { AdminAuthService, DEFAULT_ADMIN_EMAIL } from '../../src/features/accounts/admin-auth.service.js';
import { Authenticator } from '../../src/features/accounts/authenticator.js';
import { newUser, tokenOf, useTestApp } from '../harness.js';

function bearerRequest(token: string): Request {
  return { headers: { authorization: `Bearer ${token}` } } as Request;
}

describe('administrators', () => {
  const adminEmail = 'boss@shrinkly.test';
  const adminPassword = 'admin secret';
  const t = useTestApp({ env: { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword } });

  it('creates the administrator from ADMIN_EMAIL / ADMIN_PASSWORD on first start, with the password hashed', async () => {
    const rows = await t.running.database.db.select().from(admins);
    expect(rows.map((r) => r.email)).toEqual([adminEmail]);
    expect(rows[0]?.passwordHash).toMatch(/^\$argon2id\$/);
    const { token } = await t.api.adminLogin({ email: adminEmail.toUpperCase(), password: adminPassword });
    expect(token).toBeTruthy();
  });

  it('refuses wrong admin credentials with 401 "Invalid credentials"', async () => {
    const err = await t.api.adminLogin({ email: adminEmail, password: 'not the password' }).catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(401);
    expect((err as ApiError).serverMessage).toBe(ErrorMessages.invalidCredentials);
  });

  it('keeps user and admin tokens apart', async () => {
    const auth = t.running.app.get(Authenticator);
    const { token: adminToken } = await t.api.adminLogin({ email: adminEmail, password: adminPassword });
    const { token: userToken } = await t.api.register(newUser());
    // An admin token is not a user session...
    const res = await t.fetch('/api/auth/me', { headers: { authorization: `Bearer ${adminToken}` } });
    expect(res.status).toBe(401);
    // ...and a user token is not an admin session.
    await expect(auth.admin(bearerRequest(userToken))).rejects.toMatchObject({ status: 401 });
    await expect(auth.admin(bearerRequest(adminToken))).resolves.toMatchObject({ email: adminEmail });
    // A user cannot sign in as admin with user credentials either.
    const user = newUser();
    await t.api.register(user);
    expect(((await t.api.adminLogin(user).catch((e: unknown) => e)) as ApiError).status).toBe(401);
  });

  it('refuses correctly signed admin tokens that name no id or never expire', async () => {
    const auth = t.running.app.get(Authenticator);
    const jwt = t.running.app.get(JwtService);
    const [admin] = await t.running.database.db.select().from(admins);
    const claims = { sub: admin?.id ?? '', ver: admin?.tokenVersion ?? 0 };
    await expect(
      auth.admin(bearerRequest(jwt.sign({ ...claims, sub: 'abc' }, { audience: 'admin', expiresIn: '1h' }))),
    ).rejects.toMatchObject({ status: 401 });
    await expect(auth.admin(bearerRequest(jwt.sign(claims, { audience: 'admin' })))).rejects.toMatchObject({ status: 401 });
    await expect(auth.admin(bearerRequest(jwt.sign(claims, { audience: 'admin', expiresIn: '1h' })))).resolves.toMatchObject({
      email: adminEmail,
    });
  });

  it('resets an administrator password by email, ending older admin sessions', async () => {
    const auth = t.running.app.get(Authenticator);
    const { token: oldToken } = await t.api.adminLogin({ email: adminEmail, password: adminPassword });
    const unknown = await t.api.adminRequestReset({ email: 'not-an-admin@example.com' });
    const known = await t.api.adminRequestReset({ email: adminEmail });
    expect(known).toEqual(unknown);
    const reset = await t.api.resetPassword({ token: tokenOf(await t.resetLinkFor(adminEmail)), password: 'new admin secret' });
    expect(reset.audience).toBe('admin');
    await expect(auth.admin(bearerRequest(oldToken))).rejects.toMatchObject({ status: 401 });
    expect((await t.api.adminLogin({ email: adminEmail, password: 'new admin secret' })).token).toBeTruthy();
  });
});

describe('first administrator without ADMIN_EMAIL', () => {
  const t = useTestApp();

  it('is created with a generated password written once to a file only this user reads, never to the log; it signs in', async () => {
    // The app under test already created one at boot; check the same service on a fresh row set.
    await t.running.database.db.delete(admins);
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write: (chunk, _enc, done) => {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const service = t.running.app.get(AdminAuthService);
    const passwordFile = path.join(t.dataDir, 'admin-password');
    await service.ensureAdmin({ email: undefined, password: undefined, passwordFile }, logger);
    await service.ensureAdmin({ email: undefined, password: undefined, passwordFile }, logger);
    const [email, password] = (await readFile(passwordFile, 'utf8')).trim().split('\n');
    expect(email).toBe(DEFAULT_ADMIN_EMAIL);
    expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);
    const said = lines.map((l) => JSON.parse(l) as { file?: string; password?: string }).filter((l) => l.file);
    expect(said).toMatchObject([{ file: passwordFile }]);
    expect(lines.join('')).not.toContain(password);
    expect(await t.running.app.get(AdminRepository).count()).toBe(1);
    const { token } = await t.api.adminLogin({ email: DEFAULT_ADMIN_EMAIL, password: password ?? '' });
    expect(token).toBeTruthy();
  });
});
