import { JwtService } from '@nestjs/jwt';
import { ApiError, ErrorMessages, STORAGE_LIMIT_BYTES, userSchema } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { statusOf } from '../api-errors.js';
import { newUser, useTestApp } from '../harness.js';

describe('accounts over HTTP', () => {
  const t = useTestApp();

  it('registers a user and returns a token and the user fields, never the password (AUTH-01, AUTH-06)', async () => {
    const body = newUser({ name: '  Grace Hopper ', email: '  Grace.HOPPER@Example.COM ' });
    const res = await t.fetch('/api/auth/register', { method: 'POST', json: body });
    expect(res.status).toBe(201);
    const json = (await res.json()) as Record<string, unknown>;
    const user = userSchema.strict().parse(json.user);
    expect(user).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace.hopper@example.com',
      isTrialActive: false,
      isSubscribed: false,
      trialEndDate: null,
      subscriptionStatus: 'none',
      storageUsed: 0,
      storageLimit: STORAGE_LIMIT_BYTES,
    });
    expect(typeof json.token).toBe('string');
    expect(JSON.stringify(json)).not.toMatch(/password|argon2/i);
    const me = await t.as(json.token as string).me();
    expect(me.email).toBe('grace.hopper@example.com');
  });

  it('refuses a second account for the same email whatever its case, with 409 "User already exists"', async () => {
    const body = newUser();
    await t.api.register(body);
    const err = await t.api.register({ ...body, email: body.email.toUpperCase() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(409);
    expect((err as ApiError).message).toContain('User already exists');
  });

  it('signs in with the right password, in any email case, and answers 401 "Invalid credentials" otherwise', async () => {
    const body = newUser();
    await t.api.register(body);
    const session = await t.api.login({ email: body.email.toUpperCase(), password: body.password });
    expect(session.user.email).toBe(body.email);
    for (const attempt of [
      { email: body.email, password: 'wrong password' },
      { email: 'nobody@example.com', password: body.password },
    ]) {
      const res = await t.fetch('/api/auth/login', { method: 'POST', json: attempt });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: ErrorMessages.invalidCredentials, code: 'invalidCredentials' });
    }
  });

  it('validates bodies on the server: 400 with a message', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ...newUser(), password: '12345' }, /at least 6 characters/],
      [{ ...newUser(), name: '   ' }, /full name/],
      [{ ...newUser(), email: 'not-an-email' }, /valid email/],
      [{ email: 'a@example.com', password: 'secret1' }, /name is required/],
      [{ ...newUser(), password: { $ne: null } }, /password must be a string/],
    ];
    for (const [body, message] of cases) {
      const res = await t.fetch('/api/auth/register', { method: 'POST', json: body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    const login = await t.fetch('/api/auth/login', { method: 'POST', json: { email: 'a@example.com', password: { $ne: null } } });
    expect(login.status).toBe(400);
  });

  it('answers malformed and oversized JSON with 400 and 413 in the error shape', async () => {
    const bad = await t.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'Request body is not valid JSON' });
    const huge = await t.fetch('/api/auth/login', {
      method: 'POST',
      json: { email: 'a@example.com', password: 'x'.repeat(200_000) },
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ message: ErrorMessages.bodyTooLarge, code: 'bodyTooLarge' });
  });

  it('refuses missing, garbage, tampered and admin tokens on user routes with 401', async () => {
    const { token } = await t.api.register(newUser());
    const [head, payload, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
        sub: '00000000-0000-0000-0000-000000000000',
      }),
    ).toString('base64url');
    const candidates = [undefined, 'garbage', `${head}.${forged}.${signature}`, `${token}x`];
    for (const candidate of candidates) {
      const res = await t.fetch('/api/auth/me', { headers: candidate ? { authorization: `Bearer ${candidate}` } : {} });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
  });

  it('refuses correctly signed tokens that name no id or never expire with 401', async () => {
    const { user } = await t.api.register(newUser());
    const jwt = t.running.app.get(JwtService);
    const forged = [
      jwt.sign({ sub: 'abc', ver: 0 }, { audience: 'user', expiresIn: '1h' }),
      jwt.sign({ sub: user.id, ver: 0 }, { audience: 'user' }),
    ];
    for (const token of forged) {
      const res = await t.fetch('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: ErrorMessages.invalidToken, code: 'invalidToken' });
    }
    // The same claims with an expiry are a valid session: only the missing expiry was refused.
    const proper = jwt.sign({ sub: user.id, ver: 0 }, { audience: 'user', expiresIn: '1h' });
    expect((await t.as(proper).me()).id).toBe(user.id);
  });

  it('changes the password of a signed-in user, ending older sessions', async () => {
    const body = newUser();
    const { token } = await t.api.register(body);
    expect(await statusOf(t.as(token).resetPassword({ currentPassword: 'not it', newPassword: 'brand new pw' }))).toBe(401);
    const res = await t.as(token).resetPassword({ currentPassword: body.password, newPassword: 'brand new pw' });
    expect(res.audience).toBe('user');
    expect(await statusOf(t.as(token).me())).toBe(401);
    expect(await statusOf(t.api.login({ email: body.email, password: body.password }))).toBe(401);
    const fresh = await t.api.login({ email: body.email, password: 'brand new pw' });
    expect((await t.as(fresh.token).me()).email).toBe(body.email);
  });

  it('requires a token to change a password without a reset link', async () => {
    const res = await t.fetch('/api/auth/reset-password', {
      method: 'POST',
      json: { currentPassword: 'abcdef', newPassword: 'ghijkl' },
    });
    expect(res.status).toBe(401);
    const short = await t.fetch('/api/auth/reset-password', { method: 'POST', json: { token: 'abc', password: '123' } });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { message: string }).message).toMatch(/at least 6 characters/);
  });

  it('deletes the account: its token stops working and the email can sign up again', async () => {
    const body = newUser();
    const { token } = await t.api.register(body);
    const res = await t.fetch('/api/auth/delete-account', { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(await statusOf(t.as(token).me())).toBe(401);
    expect(await statusOf(t.api.login({ email: body.email, password: body.password }))).toBe(401);
    expect((await t.api.register(body)).user.email).toBe(body.email);
    const unauthenticated = await t.fetch('/api/auth/delete-account', { method: 'DELETE' });
    expect(unauthenticated.status).toBe(401);
  });
});

describe('service basics', () => {
  const t = useTestApp();

  it('reports health with the database reachable', async () => {
    const health = await t.api.health();
    expect(health).toMatchObject({ status: 'ok', database: 'up' });
    expect(Object.keys(health.tools)).toContain('ffmpeg');
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.fetch('/api/docs');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/register']?.post?.requestBody).toBeDefined();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/me', '/api/admin/login', '/api/health']),
    );
    // Path, query and multipart fields are described too.
    const files = doc.paths['/api/files']?.get as unknown as {
      parameters: Array<{ name: string; in: string; required: boolean }>;
    };
    expect(files.parameters).toEqual([expect.objectContaining({ name: 'folderId', in: 'query', required: false })]);
    const rename = doc.paths['/api/files/{id}/rename']?.patch as unknown as { parameters: Array<{ name: string; in: string }> };
    expect(rename.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    const upload = doc.paths['/api/files/upload']?.post as unknown as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    };
    expect(Object.keys(upload.requestBody.content['multipart/form-data']?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['file', 'compressionLevel', 'folderId', 'batchId']),
    );
  });

  it('answers unknown API paths with a JSON 404, never the app shell', async () => {
    const res = await t.fetch('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: ErrorMessages.notFound, code: 'notFound' });
  });

  it('sends security headers and a request id', async () => {
    const res = await t.fetch('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});
