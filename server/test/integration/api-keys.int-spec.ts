import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  API_KEY_PREFIX,
  API_KEYS_MADE_PER_HOUR,
  type ApiClient,
  type CreatedApiKey,
  ErrorMessages,
  endpoints,
} from '@shrinkly/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorOf, statusOf } from '../api-errors.js';
import { makePhotoPng } from '../fixtures.js';
import { capturingLogger, chunkForm, fileForm, newUser, TEST_CARD, TestClock, useTempDir, useTestApp } from '../harness.js';

const RATE_LIMIT = 30;
const adminEmail = 'keys-admin@shrinkly.test';
const adminPassword = 'admin-password-1';

describe('API keys', () => {
  const clock = new TestClock();
  const log = capturingLogger('debug');
  const t = useTestApp({
    clock,
    logger: log.logger,
    env: {
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      API_KEY_REQUESTS_PER_MINUTE: String(RATE_LIMIT),
      COMPRESS_SYNC_WAIT_MS: '60000',
    },
  });
  const dir = useTempDir('shrinkly-api-keys-');
  let png: string;
  let trial: { token: string; api: ApiClient; email: string; id: string };

  const signUp = async () => {
    const user = newUser();
    const { token, user: me } = await t.api.register(user);
    return { token, api: t.as(token), email: user.email, id: me.id };
  };
  const withKey = (key: string, pathname: string, init: RequestInit = {}) =>
    t.fetch(pathname, { ...init, headers: { authorization: `Bearer ${key}`, ...init.headers } });
  const upload = async (key: string, level = 'balanced') =>
    withKey(key, '/api/files/upload', { method: 'POST', body: await fileForm(png, 'photo.png', { compressionLevel: level }) });
  const newKey = (scopes: CreatedApiKey['key']['scopes'], name = 'build server') => trial.api.createApiKey({ name, scopes });

  beforeAll(async () => {
    png = path.join(dir, 'photo.png');
    await makePhotoPng(png, 160, 120);
    trial = await signUp();
    await trial.api.setupTrial({ creditCard: TEST_CARD });
  });

  it('is made by trial and premium accounts only, shown once, and stored as a hash', async () => {
    const free = await signUp();
    const refused = await errorOf(free.api.createApiKey({ name: 'mine', scopes: ['compress'] }));
    expect(refused.status).toBe(403);
    expect(refused.code).toBe('apiKeyPremium');

    const created = await newKey(['compress', 'files:read']);
    expect(created.secret.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(created.secret.length).toBeGreaterThanOrEqual(36);
    expect(created.key).toMatchObject({ name: 'build server', scopes: ['compress', 'files:read'], lastUsedAt: null });
    expect(created.secret.startsWith(created.key.prefix)).toBe(true);
    const listed = await trial.api.listApiKeys();
    expect(listed.map((k) => k.id)).toContain(created.key.id);
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    // Neither the database nor the log holds the secret.
    const dump = await t.running.database.db.execute(sql`select * from api_keys`);
    expect(JSON.stringify(dump)).not.toContain(created.secret);
    expect(JSON.stringify(dump)).toContain(created.key.prefix);
    await withKey(created.secret, '/api/files');
    expect(JSON.stringify(log.lines)).not.toContain(created.secret);

    expect(await statusOf(trial.api.createApiKey({ name: ' ', scopes: ['compress'] }))).toBe(400);
    expect(await statusOf(trial.api.createApiKey({ name: 'x', scopes: [] }))).toBe(400);
    expect(await statusOf(trial.api.createApiKey({ name: 'x', scopes: ['admin' as 'compress'] }))).toBe(400);
  });

  it('signs in as its account, as a bearer token or as the password of HTTP Basic', async () => {
    const { secret } = await newKey(['files:read', 'files:write']);
    expect((await upload(secret)).status).toBeLessThan(300);
    const mine = await trial.api.listFiles({});
    expect(mine.some((f) => f.name === 'photo.png')).toBe(true);

    const basic = Buffer.from(`api:${secret}`).toString('base64');
    const listed = await t.fetch('/api/files', { headers: { authorization: `Basic ${basic}` } });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as unknown[]).length).toBe(mine.length);
    expect((await t.as(secret).me()).email).toBe(trial.email);
  });

  it('calls only the routes its scopes open, and never the account, its keys, its billing or staff routes', async () => {
    const { secret } = await newKey(['compress']);
    const compressed = await withKey(secret, '/api/compress', {
      method: 'POST',
      body: await fileForm(png, 'photo.png', { compressionLevel: 'light' }),
    });
    expect(compressed.status).toBe(200);

    const outOfScope = await upload(secret);
    expect(outOfScope.status).toBe(403);
    expect(((await outOfScope.json()) as { code: string }).code).toBe('apiKeyScope');
    expect((await withKey(secret, '/api/files')).status).toBe(403);

    for (const [method, route] of [
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['DELETE', '/api/auth/delete-account'],
      ['GET', '/api/subscription'],
      ['PATCH', '/api/auth/preferences'],
      ['GET', '/api/admin/users'],
    ] as const) {
      const res = await withKey(secret, route, {
        method,
        body: method === 'GET' ? undefined : '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, `${method} ${route}`).toBe(403);
    }
    // The account is still there: the key could not delete it.
    expect((await trial.api.me()).email).toBe(trial.email);
  });

  it('is refused on every route the contract does not open to keys: the account, its keys, billing, webhooks, staff', async () => {
    const { secret } = await newKey(['compress', 'convert', 'files:read', 'files:write']);
    const closed = Object.values(endpoints).filter((e) => (e.auth === 'user' && !e.apiKey) || e.auth === 'admin');
    expect(closed.length).toBeGreaterThan(15);
    for (const e of closed) {
      const route = e.path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
      const body = e.method === 'GET' ? undefined : '{}';
      const res = await withKey(secret, route, { method: e.method, body, headers: { 'content-type': 'application/json' } });
      expect(res.status, `${e.method} ${e.path}`).toBe(403);
    }
  });

  it('sends a big file to My Files in chunks with a key that may only change My Files', async () => {
    const { secret } = await newKey(['files:write']);
    const bytes = await readFile(png);
    const chunk = { uploadId: 'keychunks01', index: 0, totalChunks: 1, fileName: 'chunked.png', fileSize: bytes.length };
    const form = chunkForm(chunk, bytes, 'chunked.png');
    expect((await withKey(secret, '/api/upload-chunk', { method: 'POST', body: form })).status).toBe(200);
    const assembled = await withKey(secret, '/api/files/assemble-chunks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uploadId: 'keychunks01', totalChunks: 1, fileName: 'chunked.png', fileSize: bytes.length }),
    });
    expect(assembled.status).toBeLessThan(300);
    const answer = (await assembled.json()) as { file?: { id: string }; jobId?: string };
    if (!answer.file) expect((await withKey(secret, `/api/files/jobs/${answer.jobId}`)).status).toBe(200);
    expect((await trial.api.listFiles({})).some((f) => f.name === 'chunked.png')).toBe(true);
  });

  it('answers 401 for a key that does not exist, even on routes visitors may use', async () => {
    const fake = `${API_KEY_PREFIX}${'A'.repeat(32)}`;
    expect((await withKey(fake, '/api/files')).status).toBe(401);
    const res = await withKey(fake, '/api/compress', { method: 'POST', body: await fileForm(png, 'photo.png') });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(ErrorMessages.apiKeyInvalid);
  });

  it('stops working the moment it is revoked, and only its owner can revoke it', async () => {
    const { key, secret } = await newKey(['files:read']);
    expect((await withKey(secret, '/api/files')).status).toBe(200);
    const other = await signUp();
    expect(await statusOf(other.api.revokeApiKey({ id: key.id }))).toBe(404);
    expect(await statusOf(trial.api.revokeApiKey({ id: 'not-a-uuid' }))).toBe(404);
    await trial.api.revokeApiKey({ id: key.id });
    expect((await withKey(secret, '/api/files')).status).toBe(401);
    expect((await trial.api.listApiKeys()).map((k) => k.id)).not.toContain(key.id);
    expect(await statusOf(trial.api.revokeApiKey({ id: key.id }))).toBe(404);
  });

  it("counts each key's month: files sent, bytes in and out, and the last use", async () => {
    const { key, secret } = await newKey(['files:read', 'files:write']);
    const sent = await upload(secret);
    expect(sent.status).toBeLessThan(300);
    const { file } = (await sent.json()) as { file: { id: string; compressedSize: number } };
    const download = await withKey(secret, `/api/files/${file.id}/download`);
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    // A refused call costs nothing.
    expect((await withKey(secret, '/api/files/00000000-0000-4000-8000-000000000000/download')).status).toBe(404);

    const size = (await readFile(png)).length;
    await expect
      .poll(async () => (await trial.api.listApiKeys()).find((k) => k.id === key.id)?.usage)
      .toMatchObject({ month: clock.now().toISOString().slice(0, 7), files: 1 });
    const usage = (await trial.api.listApiKeys()).find((k) => k.id === key.id);
    expect(usage?.usage.bytesIn).toBeGreaterThan(size);
    expect(usage?.usage.bytesOut).toBeGreaterThanOrEqual(file.compressedSize);
    expect(usage?.lastUsedAt).not.toBeNull();
  });

  it('keeps to its rate limit with 429 and Retry-After', async () => {
    const { secret } = await newKey(['files:read']);
    const answers = await Promise.all(Array.from({ length: RATE_LIMIT + 3 }, () => withKey(secret, '/api/files')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMIT);
    const limited = answers.find((a) => a.status === 429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answers.find((a) => a.status === 200)?.headers.get('ratelimit-limit')).toBe(String(RATE_LIMIT));
    // Another key of the same account is not held back.
    const other = await newKey(['files:read']);
    expect((await withKey(other.secret, '/api/files')).status).toBe(200);
  });

  it('makes only so many keys an hour, so making and revoking in a loop cannot flood the audit trail', async () => {
    const user = await signUp();
    await user.api.setupTrial({ creditCard: TEST_CARD });
    for (let i = 0; i < API_KEYS_MADE_PER_HOUR; i++) {
      const { key } = await user.api.createApiKey({ name: `loop ${i}`, scopes: ['compress'] });
      await user.api.revokeApiKey({ id: key.id });
    }
    const refused = await errorOf(user.api.createApiKey({ name: 'one more', scopes: ['compress'] }));
    expect(refused.status).toBe(429);
    expect(refused.code).toBe('apiKeysMadeTooOften');
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('follows the plan rules of its account: a lapsed trial loses batches with the key as with the token', async () => {
    const user = await signUp();
    await user.api.setupTrial({ creditCard: TEST_CARD });
    const { secret } = await user.api.createApiKey({ name: 'ci', scopes: ['files:write'] });
    const batch = () =>
      withKey(secret, '/api/files/batches', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fileCount: 2 }),
      });
    expect((await batch()).status).toBeLessThan(300);
    await user.api.createBatch({ fileCount: 2 });
    // The trial ended yesterday and nothing charged it (no charge is due), so the account is free again.
    const yesterday = new Date(clock.now().getTime() - 24 * 60 * 60 * 1000).toISOString();
    await t.running.database.db.execute(
      sql`update users set trial_ends_at = ${yesterday}::timestamptz, next_charge_at = null where id = ${user.id}`,
    );
    const byKey = await batch();
    const byToken = await errorOf(user.api.createBatch({ fileCount: 2 }));
    expect(byKey.status).toBe(byToken.status);
    expect(((await byKey.json()) as { code?: string }).code).toBe(byToken.code);
    expect(byToken.status).toBe(403);
  });

  it("lets staff list and revoke a user's keys, and the audit trail records every make and revoke", async () => {
    const { token } = await t.api.adminLogin({ email: adminEmail, password: adminPassword });
    const admin = t.as(token, 'admin');
    const { key, secret } = await newKey(['files:read'], 'laptop');
    const listed = await admin.adminUserApiKeys({ id: trial.id });
    expect(listed.find((k) => k.id === key.id)).toMatchObject({ prefix: key.prefix, revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(secret);

    await admin.adminRevokeApiKey({ id: trial.id, keyId: key.id });
    expect((await withKey(secret, '/api/files')).status).toBe(401);
    expect((await admin.adminUserApiKeys({ id: trial.id })).find((k) => k.id === key.id)?.revokedAt).not.toBeNull();
    expect(await statusOf(admin.adminRevokeApiKey({ id: trial.id, keyId: key.id }))).toBe(404);

    const trail = await admin.adminAudit();
    const ofKey = trail.filter((e) => e.target?.endsWith(key.prefix));
    expect(ofKey.map((e) => [e.action, e.admin])).toEqual([
      ['revoke-api-key', adminEmail],
      ['create-api-key', trial.email],
    ]);
    expect(trail.filter((e) => e.action === 'revoke-api-key' && e.admin === trial.email).length).toBeGreaterThan(0);
  });
});
