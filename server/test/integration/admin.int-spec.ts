import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiClient, endpoints, STORAGE_LIMIT_BYTES } from '@shrinkly/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, payments, users } from '../../src/db/schema/index.js';
import { errorOf, statusOf } from '../api-errors.js';
import { makePhotoPng } from '../fixtures.js';
import { blobCount, fileForm, newUser, startTestApp, type TestApp, TestClock } from '../harness.js';

/** Monday 1 January 2029, noon UTC: the day before is in another ISO week, month and year. */
const NOW = new Date('2029-01-01T12:00:00.000Z');

describe('admin API', () => {
  let t: TestApp;
  let dir: string;
  let png: string;
  const clock = new TestClock();
  const adminEmail = 'boss@shrinkly.test';
  const adminPassword = 'admin secret';
  let adminToken: string;
  let admin: ApiClient;

  const signUp = async (overrides: Partial<{ name: string; email: string }> = {}) => {
    const body = newUser(overrides);
    const { token, user } = await t.api.register(body);
    return { token, user, body, api: t.as(token) };
  };

  beforeAll(async () => {
    clock.offsetMs = NOW.getTime() - Date.now();
    t = await startTestApp({
      clock,
      env: { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword, COMPRESS_SYNC_WAIT_MS: '60000' },
    });
    dir = await mkdtemp(path.join(tmpdir(), 'shrinkly-admin-'));
    png = path.join(dir, 'screen.png');
    await makePhotoPng(png, 120, 90);
    adminToken = (await t.api.adminLogin({ email: adminEmail, password: adminPassword })).token;
    admin = t.as(adminToken, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers every admin route only with an admin token, and user routes never with one', async () => {
    const { token: userToken } = await signUp();
    const calls: Array<(api: ApiClient) => Promise<unknown>> = [
      (api) => api.adminUsers(),
      (api) => api.adminRevenue(),
      (api) => api.adminResetUserPassword({ id: randomUUID() }),
      (api) => api.adminTerminateUser({ id: randomUUID() }),
      (api) => api.adminAudit(),
      (api) => api.adminRecordExport({ list: 'users' }),
      (api) => api.adminUserApiKeys({ id: randomUUID() }),
      (api) => api.adminRevokeApiKey({ id: randomUUID(), keyId: randomUUID() }),
    ];
    const adminRoutes = Object.values(endpoints).filter((e) => e.auth === 'admin');
    expect(adminRoutes).toHaveLength(calls.length);
    for (const call of calls) {
      expect(await statusOf(call(t.api))).toBe(401);
      // A user token sent as if it were an admin's.
      expect(await statusOf(call(t.as(userToken, 'admin')))).toBe(401);
    }
    const asUser = t.as(adminToken, 'user');
    expect(await statusOf(asUser.me())).toBe(401);
    expect(await statusOf(asUser.listFiles({}))).toBe(401);
    expect(await statusOf(asUser.deleteAccount())).toBe(401);
  });

  it('lists accounts newest first with their plan, counts and sign-in, and never a secret', async () => {
    const plain = await signUp();
    const premium = await signUp();
    await t.running.database.db
      .update(users)
      .set({
        subscriptionStatus: 'active',
        subscriptionStartedAt: NOW,
        currentPeriodEnd: new Date(NOW.getTime() + 20 * 86_400_000),
        cardToken: 'tok_secret',
      })
      .where(eq(users.id, premium.user.id));
    const uploaded = await t.fetch('/api/files/upload', {
      method: 'POST',
      body: await fileForm(png, 'screen.png', { compressionLevel: 'balanced' }),
      headers: { authorization: `Bearer ${plain.token}` },
    });
    expect(uploaded.status).toBe(200);
    await t.api.login({ email: plain.body.email, password: plain.body.password });

    const res = await t.fetch('/api/admin/users?pageSize=200', { headers: { authorization: `Bearer ${adminToken}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const secret of ['passwordHash', 'password_hash', 'cardToken', 'tok_secret', 'tokenVersion', 'resetToken'])
      expect(text).not.toContain(secret);
    const list = endpoints.adminUsers.response.parse(JSON.parse(text));
    const [first, second] = list.users;
    expect(first?.id).toBe(premium.user.id);
    expect(second?.id).toBe(plain.user.id);
    expect(list.allUsers).toBe(list.total);
    expect(list.premiumUsers).toBe(1);

    const premiumMe = await premium.api.me();
    expect(first).toMatchObject({
      plan: 'premium',
      isSubscribed: premiumMe.isSubscribed,
      isTrialActive: premiumMe.isTrialActive,
      subscriptionStatus: premiumMe.subscriptionStatus,
      subscriptionStartDate: NOW.toISOString(),
      storageLimit: STORAGE_LIMIT_BYTES,
      filesCount: 0,
      lastSignInAt: null,
    });
    expect(first?.isSubscribed).toBe(true);
    const plainMe = await plain.api.me();
    expect(second).toEqual({
      id: plainMe.id,
      name: plainMe.name,
      email: plainMe.email,
      plan: 'free',
      isSubscribed: plainMe.isSubscribed,
      isTrialActive: plainMe.isTrialActive,
      trialEndDate: plainMe.trialEndDate,
      subscriptionStatus: plainMe.subscriptionStatus,
      subscriptionStartDate: null,
      storageUsed: plainMe.storageUsed,
      storageLimit: plainMe.storageLimit,
      filesCount: 1,
      createdAt: plainMe.createdAt,
      lastSignInAt: expect.any(String),
    });
    // The sign-in after sign-up, on the server's clock.
    expect(Date.parse(second?.lastSignInAt ?? '')).toBeGreaterThanOrEqual(NOW.getTime());
  });

  it('searches names and emails in any case, on the server', async () => {
    const tag = randomBytes(4).toString('hex');
    const hopper = await signUp({ name: `Grace Hopper ${tag}`, email: `gh.${tag}@example.com` });
    const turing = await signUp({ name: 'Alan Turing', email: `turing.${tag}@example.com` });
    const byName = await admin.adminUsers({ q: `hopper ${tag}`.toUpperCase() });
    expect(byName.users.map((u) => u.id)).toEqual([hopper.user.id]);
    expect(byName.total).toBe(1);
    const byEmail = await admin.adminUsers({ q: `TURING.${tag.toUpperCase()}` });
    expect(byEmail.users.map((u) => u.id)).toEqual([turing.user.id]);
    const both = await admin.adminUsers({ q: tag.toUpperCase() });
    expect(both.users.map((u) => u.id)).toEqual([turing.user.id, hopper.user.id]);
    expect(both.allUsers).toBeGreaterThan(2);
    // The search's own wildcards match only themselves.
    expect((await admin.adminUsers({ q: '%' })).total).toBe(0);
    expect((await admin.adminUsers({ q: '_' })).total).toBe(0);
  });

  it('pages the list with a total', async () => {
    const tag = randomBytes(4).toString('hex');
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await signUp({ name: `Pager ${tag} ${i}` })).user.id);
    const newestFirst = [...made].reverse();
    const pages = await Promise.all([1, 2, 3, 4].map((page) => admin.adminUsers({ q: tag, page, pageSize: 2 })));
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5, 5]);
    expect(pages.map((p) => p.users.map((u) => u.id))).toEqual([
      newestFirst.slice(0, 2),
      newestFirst.slice(2, 4),
      newestFirst.slice(4),
      [],
    ]);
    expect(pages[1]).toMatchObject({ page: 2, pageSize: 2 });
    const all = await admin.adminUsers({ pageSize: 2 });
    expect(all.users).toHaveLength(2);
    expect(all.total).toBe(all.allUsers);
    expect(await statusOf(admin.adminUsers({ pageSize: 1000 }))).toBe(400);
  });

  describe('revenue and termination', () => {
    const insert = (row: {
      kind: 'compression' | 'subscription' | 'refund';
      amount: number;
      at: string;
      status?: 'succeeded' | 'failed';
      userId?: string;
    }) =>
      t.running.database.db.insert(payments).values({
        kind: row.kind,
        status: row.status ?? 'succeeded',
        amount: row.amount,
        currency: 'USD',
        userId: row.userId,
        provider: 'sandbox',
        providerReference: `ref_${randomBytes(6).toString('hex')}`,
        createdAt: new Date(row.at),
      });

    it('is zero on an empty ledger', async () => {
      expect(await admin.adminRevenue()).toEqual({
        totals: { daily: 0, weekly: 0, monthly: 0, annually: 0 },
        daily: [],
        weekly: [],
        monthly: [],
        annually: [],
      });
    });

    it('sums succeeded charges minus refunds by UTC day, ISO week, month and year', async () => {
      const payer = await signUp();
      await insert({ kind: 'subscription', amount: 10, at: '2029-01-01T00:00:00.000Z', userId: payer.user.id });
      await insert({ kind: 'compression', amount: 2.5, at: '2029-01-01T11:59:59.000Z' });
      await insert({ kind: 'refund', amount: 2.5, at: '2029-01-01T05:00:00.000Z' });
      await insert({ kind: 'compression', amount: 100, at: '2029-01-01T06:00:00.000Z', status: 'failed' });
      await insert({ kind: 'subscription', amount: 7.99, at: '2028-12-31T23:59:59.999Z', userId: payer.user.id });
      const revenue = await admin.adminRevenue();
      expect(Object.keys(revenue).sort()).toEqual(['annually', 'daily', 'monthly', 'totals', 'weekly']);
      expect(revenue.totals).toEqual({ daily: 10, weekly: 10, monthly: 10, annually: 10 });
      expect(Object.keys(revenue.daily[0] ?? {}).sort()).toEqual(['amount', 'date', 'transactions']);
      // Every period tells the same story: the three rows of 1 January (10 net), then the one of 31 December.
      const periods = (key: string, newYear: string, newYearsEve: string) => [
        { [key]: newYear, amount: 10, transactions: 3 },
        { [key]: newYearsEve, amount: 7.99, transactions: 1 },
      ];
      expect(revenue).toEqual({
        totals: revenue.totals,
        daily: periods('date', '2029-01-01', '2028-12-31'),
        weekly: periods('week', '2029-W01', '2028-W52'),
        monthly: periods('month', '2029-01', '2028-12'),
        annually: periods('year', '2029', '2028'),
      });

      // Terminating the payer: files, blobs and rows go, the token stops working, the ledger keeps its rows.
      const blobsBefore = await blobCount(t.dataDir);
      const uploaded = await t.fetch('/api/files/upload', {
        method: 'POST',
        body: await fileForm(png, 'screen.png', { compressionLevel: 'balanced' }),
        headers: { authorization: `Bearer ${payer.token}` },
      });
      expect(uploaded.status).toBe(200);
      expect(await payer.api.listFiles({})).toHaveLength(1);
      expect(await blobCount(t.dataDir)).toBeGreaterThan(blobsBefore);

      expect(await admin.adminTerminateUser({ id: payer.user.id })).toEqual({ message: expect.any(String) });
      const db = t.running.database.db;
      expect(await db.select().from(users).where(eq(users.id, payer.user.id))).toEqual([]);
      expect(await db.select().from(files).where(eq(files.userId, payer.user.id))).toEqual([]);
      expect(await blobCount(t.dataDir)).toBe(blobsBefore);
      expect(await statusOf(payer.api.me())).toBe(401);
      expect(await statusOf(payer.api.listFiles({}))).toBe(401);
      expect(await db.select().from(payments).where(eq(payments.userId, payer.user.id))).toEqual([]);
      expect(await db.select().from(payments)).toHaveLength(5);
      expect(await admin.adminRevenue()).toEqual(revenue);
      expect(await statusOf(admin.adminTerminateUser({ id: payer.user.id }))).toBe(404);
    });
  });

  it('mails the user the normal reset link', async () => {
    const { user, body } = await signUp();
    expect(await admin.adminResetUserPassword({ id: user.id })).toEqual({ message: expect.any(String) });
    const link = await t.resetLinkFor(user.email);
    const token = new URL(link).searchParams.get('token') ?? '';
    expect((await t.api.resetPassword({ token, password: 'a brand new one' })).audience).toBe('user');
    expect(await statusOf(t.api.login({ email: body.email, password: body.password }))).toBe(401);
  });

  it('says why a reset mail could not go: an address that cannot take mail, a mail server that refused', async () => {
    const { user } = await signUp();
    await t.running.database.db.update(users).set({ email: 'no-at-sign' }).where(eq(users.id, user.id));
    expect(await errorOf(admin.adminResetUserPassword({ id: user.id }))).toMatchObject({
      status: 400,
      serverMessage: 'Invalid email address format',
    });

    // The same request on a server whose mail server hangs up at once. A listener of our own holds the port, so no
    // other process can take it meanwhile and keep the mail waiting for a greeting that never comes.
    const refusing = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const mailPort = (refusing.address() as AddressInfo).port;
    const cut = await startTestApp({
      env: { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword, SMTP_URL: `smtp://127.0.0.1:${mailPort}` },
    });
    try {
      const { token } = await cut.api.adminLogin({ email: adminEmail, password: adminPassword });
      const { user: other } = await cut.api.register(newUser());
      expect(await errorOf(cut.as(token, 'admin').adminResetUserPassword({ id: other.id }))).toMatchObject({
        status: 503,
        serverMessage: 'Failed to send password reset email',
      });
    } finally {
      await cut.close();
      await new Promise((resolve) => refusing.close(resolve));
    }
  });

  it('answers 404 for unknown ids', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      expect(await statusOf(admin.adminResetUserPassword({ id }))).toBe(404);
      expect(await statusOf(admin.adminTerminateUser({ id }))).toBe(404);
    }
  });

  it('keeps an audit trail of sign-ins, resets, terminations and exports, newest first', async () => {
    expect(await statusOf(t.api.adminLogin({ email: adminEmail, password: 'wrong' }))).toBe(401);
    const { token } = await t.api.adminLogin({ email: adminEmail, password: adminPassword });
    const api = t.as(token, 'admin');
    const { user: a } = await signUp();
    const { user: b } = await signUp();
    await api.adminResetUserPassword({ id: a.id });
    await api.adminTerminateUser({ id: b.id });
    expect(await api.adminRecordExport({ list: 'revenue' })).toEqual({ message: expect.any(String) });
    await api.adminRecordExport({ list: 'users' });
    const audit = await api.adminAudit();
    expect(audit.slice(0, 5).map(({ action, target, admin: who }) => ({ action, target, who }))).toEqual([
      { action: 'export-users', target: 'users', who: adminEmail },
      { action: 'export-revenue', target: 'revenue', who: adminEmail },
      { action: 'terminate', target: b.id, who: adminEmail },
      { action: 'reset-password', target: a.id, who: adminEmail },
      { action: 'sign-in', target: null, who: adminEmail },
    ]);
    expect(audit[0]?.clientAddress).toMatch(/127\.0\.0\.1/);
    expect(audit[0]?.at).toBe(new Date(audit[0]?.at ?? '').toISOString());
    // The failed sign-in left no entry: the one before the latest sign-in is from earlier tests.
    expect(audit.filter((e) => e.action === 'sign-in')).toHaveLength(2);
    await t.mailsSent();
  });
});
