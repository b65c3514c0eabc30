import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { DesktopAccount, LocalJob, SyncStatus } from '@shrinkly/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestApp, type TestApp } from '../../server/test/harness.js';
import { type JsonStore, MemoryCipher } from './support/ports.js';
import { SwitchableProxy } from './support/switchable-proxy.js';
import { FIXTURES, type TestCore, tempFolder, testCore } from './support/test-core.js';

const TEST_CARD = { cardholderName: 'Ada Lovelace', cardNumber: '4242 4242 4242 4242', expiryDate: '12/39', cvv: '123' };
const RETRY = { baseMs: 300, maxMs: 1_200 };

/** The sync queue against the real server (PGlite, or PostgreSQL with TEST_DATABASE_URL), reached through a relay the tests switch off. */
describe('sync to My Files', () => {
  let t: TestApp;
  let proxy: SwitchableProxy;
  let work: Awaited<ReturnType<typeof tempFolder>>;
  const cores: TestCore[] = [];
  /** Every bearer token the desktop sent, to check none of them is stored in plain text. */
  const sentTokens = new Set<string>();

  beforeAll(async () => {
    t = await startTestApp();
    proxy = await SwitchableProxy.start(Number(new URL(t.baseUrl).port));
    work = await tempFolder();
  });
  afterAll(async () => {
    await Promise.all(cores.map((c) => c.core.close()));
    await proxy?.down();
    await t?.close();
    await work?.remove();
  });

  const recordingFetch: typeof fetch = (input, init) => {
    const auth = new Headers(init?.headers).get('authorization');
    if (auth) sentTokens.add(auth.replace(/^Bearer /, ''));
    return fetch(input, init);
  };

  function desktop(options: { store?: JsonStore; cipher?: MemoryCipher; chunkThreshold?: number } = {}): TestCore {
    const core = testCore({
      store: options.store,
      secrets: options.cipher ?? new MemoryCipher(),
      fetch: recordingFetch,
      retry: RETRY,
      defaultServerUrl: proxy.url,
      uploadChunkThresholdBytes: options.chunkThreshold,
    });
    cores.push(core);
    return core;
  }

  async function account(plan: 'free' | 'trial'): Promise<{ email: string; password: string; token: string }> {
    const user = newUser();
    const { token } = await t.api.register(user);
    if (plan === 'trial') await t.as(token).setupTrial({ creditCard: TEST_CARD });
    return { email: user.email, password: user.password, token };
  }

  /** A finished local job: a copy of a fixture compressed on this machine. */
  async function compressed(d: TestCore, fixture: string, name: string): Promise<LocalJob> {
    const source = path.join(work.dir, name);
    await copyFile(path.join(FIXTURES, fixture), source);
    d.core.userChose([source]);
    const { jobs } = await d.invoke('compress:start', { paths: [source] });
    const id = jobs[0]!.id;
    const { jobs: list } = await d.events.waitFor('jobs:changed', ({ jobs: all }) =>
      all.some((j) => j.id === id && j.status === 'done'),
    );
    return list.find((j) => j.id === id)!;
  }

  const syncState = async (d: TestCore, id: string) => (await d.invoke('compress:list')).jobs.find((j) => j.id === id)?.sync;
  const waitForStatus = (d: TestCore, match: (s: SyncStatus) => boolean) => d.events.waitFor('sync:changed', match);
  const myFiles = async (token: string, folderId?: string) =>
    (await t.as(token).listFiles(folderId ? { folderId } : {})).map((f) => f.name);

  it('signs in, keeps the token only encrypted, and sends finished results into the chosen My Files folder', async () => {
    const user = await account('trial');
    const d = desktop();
    const signedIn = await d.invoke('account:sign-in', { email: user.email, password: user.password });
    expect(signedIn).toMatchObject({
      serverUrl: proxy.url,
      maySync: true,
      tokenPersisted: true,
      user: { email: user.email, isTrialActive: true },
    });
    const folder = await t.as(user.token).createFolder({ name: 'From my laptop' });
    expect((await d.invoke('sync:folders')).folders.map((f) => [f.id, f.name])).toEqual([[folder.id, 'From my laptop']]);
    await d.invoke('settings:update', { syncEnabled: true, syncFolderId: folder.id });

    const job = await compressed(d, 'skagen.jpg', 'lighthouse.jpg');
    await waitForStatus(d, (s) => s.synced === 1);
    expect(await syncState(d, job.id)).toBe('synced');
    expect(await myFiles(user.token, folder.id)).toEqual(['lighthouse.min.jpg']);
    expect(await d.invoke('sync:status')).toMatchObject({
      enabled: true,
      online: true,
      pending: 0,
      failed: 0,
      synced: 1,
      problem: null,
    });

    expect(sentTokens.size).toBeGreaterThan(0);
    for (const token of sentTokens) expect(d.store.text).not.toContain(token);
    expect(typeof d.store.get('account.token')).toBe('string');
  });

  it('retries with growing delays while the server is down, and syncs once it is back', async () => {
    const user = await account('trial');
    const d = desktop();
    await d.invoke('account:sign-in', { email: user.email, password: user.password });
    const job = await compressed(d, 'skagen.png', 'dunes.png');

    await proxy.down();
    try {
      const queued = await d.invoke('sync:send', { ids: [job.id] });
      expect(queued.enabled).toBe(false);
      await eventually(() => (queueItem(d, job.id)?.attempts ?? 0) >= 3 && queueItem(d, job.id)?.state === 'failed');
      const third = await d.invoke('sync:status');
      expect(third).toMatchObject({ online: false, failed: 1, synced: 0 });
      expect(third.problem).toMatch(/Offline/);
      expect(third.nextRetryAt).not.toBeNull();
      // Each failure waits twice as long as the one before, up to the cap: 300, 600, 1200, 1200 ms.
      const failures = failedAttempts(d, job.id);
      expect(failures.slice(0, 3).map((f) => f.delayMs)).toEqual([300, 600, 1200]);
      expect(await syncState(d, job.id)).toBe('failed');
    } finally {
      await proxy.up();
    }
    await waitForStatus(d, (s) => s.synced === 1 && s.online);
    expect(await myFiles(user.token)).toEqual(['dunes.min.png']);
  });

  it('keeps the queue across a restart of the app and resumes it', async () => {
    const user = await account('trial');
    // The operating system's key outlives the app.
    const cipher = new MemoryCipher();
    const first = desktop({ cipher });
    await first.invoke('account:sign-in', { email: user.email, password: user.password });
    const job = await compressed(first, 'skagen.jpg', 'harbour.jpg');
    await proxy.down();
    try {
      await first.invoke('sync:send', { ids: [job.id] });
      await waitForStatus(first, (s) => s.failed === 1);
      await first.core.close();
    } finally {
      await proxy.up();
    }
    expect(await myFiles(user.token)).toEqual([]);

    const second = desktop({ store: first.store, cipher });
    expect(await second.invoke('account:get')).toMatchObject({ user: { email: user.email }, tokenPersisted: true });
    await second.core.start();
    await waitForStatus(second, (s) => s.synced === 1);
    expect(await myFiles(user.token)).toEqual(['harbour.min.jpg']);
  });

  it('asks for a new sign-in when the server refuses the token, pauses, and resumes after it', async () => {
    const user = await account('trial');
    const d = desktop();
    await d.invoke('account:sign-in', { email: user.email, password: user.password });
    const job = await compressed(d, 'skagen.jpg', 'quay.jpg');
    // A password change ends every other session: the desktop's token is now refused (401).
    await t.as(user.token).resetPassword({ currentPassword: user.password, newPassword: 'battery staple' });

    const parked = await d
      .invoke('sync:send', { ids: [job.id] })
      .then(() => waitForStatus(d, (s) => s.problem === 'Sign in again to keep syncing'));
    expect(parked).toMatchObject({ pending: 0, failed: 1, synced: 0 });
    expect(await syncState(d, job.id)).toBe('needs-sign-in');
    expect(d.events.of('account:changed').at(-1)).toMatchObject({ user: null, maySync: false });
    expect(d.store.get('account.token')).toBeUndefined();

    await d.invoke('account:sign-in', { email: user.email, password: 'battery staple' });
    await waitForStatus(d, (s) => s.synced === 1);
    const { token } = await t.api.login({ email: user.email, password: 'battery staple' });
    expect(await myFiles(token)).toEqual(['quay.min.jpg']);
  });

  it('tells a free account that sync needs a plan, and sends nothing', async () => {
    const user = await account('free');
    const d = desktop();
    await expect(d.invoke('sync:folders')).rejects.toMatchObject({ status: 401, message: 'Sign in to choose a My Files folder' });
    const signedIn: DesktopAccount = await d.invoke('account:sign-in', { email: user.email, password: user.password });
    expect(signedIn).toMatchObject({ maySync: false, user: { isTrialActive: false, isSubscribed: false } });
    const job = await compressed(d, 'skagen.jpg', 'field.jpg');
    await d.invoke('sync:send', { ids: [job.id] });
    const status = await waitForStatus(d, (s) => s.failed === 1);
    expect(status.problem).toMatch(/trial or premium.*\/subscribe/);
    expect(await syncState(d, job.id)).toBe('needs-plan');
    expect(await myFiles(user.token)).toEqual([]);
  });

  it('keeps the sign-in in memory only when the system has no secure storage', async () => {
    const user = await account('trial');
    const d = desktop({ cipher: new MemoryCipher(false) });
    expect(await d.invoke('account:sign-in', { email: user.email, password: user.password })).toMatchObject({
      tokenPersisted: false,
      maySync: true,
    });
    expect(d.store.get('account.token')).toBeUndefined();
    for (const token of sentTokens) expect(d.store.text).not.toContain(token);
    const restarted = desktop({ store: d.store, cipher: new MemoryCipher(false) });
    expect(await restarted.invoke('account:get')).toMatchObject({ user: null });
  });

  it('sends a result above the chunk threshold in chunks, assembled into My Files', async () => {
    const user = await account('trial');
    const d = desktop({ chunkThreshold: 16 * 1024 });
    await d.invoke('account:sign-in', { email: user.email, password: user.password });
    const job = await compressed(d, 'skagen.png', 'cove.png');
    expect(job.compressedSize!).toBeGreaterThan(16 * 1024);
    await d.invoke('sync:send', { ids: [job.id] });
    await waitForStatus(d, (s) => s.synced === 1);
    expect(await myFiles(user.token)).toEqual(['cove.min.png']);
  });
});

/** The persisted queue entry of a job, as the store holds it. */
function queueItem(d: TestCore, jobId: string): { attempts: number; state: string } | undefined {
  return (d.store.get('syncQueue') as Array<{ jobId: string; attempts: number; state: string }> | undefined)?.find(
    (i) => i.jobId === jobId,
  );
}

/** Resolves once `condition` holds, checking every 50 ms for up to a minute. */
async function eventually(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Each failed attempt of a job's upload as the queue stored it: the attempt number, and how long after the failure
 * the next try was set (nextAttemptAt minus the time the failure was written), rounded to 100 ms.
 */
function failedAttempts(d: TestCore, jobId: string): Array<{ attempts: number; delayMs: number }> {
  const seen = new Set<number>();
  const failures: Array<{ attempts: number; delayMs: number }> = [];
  for (const { key, value, at } of d.store.writes) {
    if (key !== 'syncQueue') continue;
    const item = (value as Array<{ jobId: string; attempts: number; state: string; nextAttemptAt: string | null }>).find(
      (i) => i.jobId === jobId,
    );
    if (item?.state !== 'failed' || !item.nextAttemptAt || seen.has(item.attempts)) continue;
    seen.add(item.attempts);
    failures.push({ attempts: item.attempts, delayMs: Math.round((Date.parse(item.nextAttemptAt) - at) / 100) * 100 });
  }
  return failures;
}
