import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  type ApiClient,
  type ApiError,
  ErrorMessages,
  type FileUploadResponse,
  SHARE_LOCK_MS,
  SHARE_PASSWORD_ATTEMPTS,
  SHARE_UNLOCKS_PER_ADDRESS,
  type ShareLink,
} from '@shrinkly/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { errorOf } from '../api-errors.js';
import { makePhotoPng } from '../fixtures.js';
import { fileForm, newUser, TEST_CARD, TestClock, useTempDir, useTestApp } from '../harness.js';

const HOUR_MS = 60 * 60 * 1000;

const sha = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');
const tokenOf = (link: ShareLink) => link.url.split('/').pop() as string;

describe('Share links with choices', () => {
  const clock = new TestClock();
  const t = useTestApp({ clock, env: { COMPRESS_SYNC_WAIT_MS: '60000' } });
  const dir = useTempDir('shrinkly-share-');
  let png: string;
  let owner: { token: string; api: ApiClient; fileId: string };
  let stranger: ApiClient;
  let stored: string;

  const signUp = async () => {
    const { token, user } = await t.api.register(newUser());
    return { token, id: user.id, api: t.as(token) };
  };
  const uploadAs = async (token: string): Promise<string> => {
    const body = await fileForm(png, 'holiday.png', { compressionLevel: 'balanced' });
    const res = await t.fetch('/api/files/upload', { method: 'POST', body, headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as FileUploadResponse).fileId as string;
  };
  const refused = async (call: Promise<unknown>, status: number, message?: string) => {
    const err = await errorOf(call, `HTTP ${status}`);
    expect(err.status).toBe(status);
    if (message) expect(err.serverMessage).toBe(message);
    return err;
  };
  const download = (link: ShareLink | string) =>
    fetch(typeof link === 'string' ? link : `${t.baseUrl}/api/share/${tokenOf(link)}`, { redirect: 'manual' });
  /** A refusal of the raw download or info route: its status and message. */
  const answerOf = async (res: Response) => ({
    status: res.status,
    message: ((await res.json()) as { message: string }).message,
  });
  const info = (link: ShareLink) => t.fetch(`/api/share/${tokenOf(link)}/info`);
  const linkNow = async (link: ShareLink) => (await owner.api.listShareLinks({ id: owner.fileId })).find((l) => l.id === link.id);

  beforeAll(async () => {
    png = path.join(dir, 'holiday.png');
    await makePhotoPng(png, 160, 120);
    const premium = await signUp();
    await t.running.database.db
      .update(users)
      .set({
        subscriptionStatus: 'active',
        subscriptionStartedAt: new Date(),
        currentPeriodEnd: new Date(Date.now() + 20 * 24 * HOUR_MS),
      })
      .where(eq(users.id, premium.id));
    owner = { ...premium, fileId: await uploadAs(premium.token) };
    stranger = (await signUp()).api;
    const res = await t.fetch(`/api/files/${owner.fileId}/download`, { headers: { authorization: `Bearer ${owner.token}` } });
    stored = sha(await res.arrayBuffer());
  });

  it('makes several links per file, lists them newest first and counts each one’s downloads, also in My Files', async () => {
    const a = await owner.api.createShareLink({ id: owner.fileId });
    const b = await owner.api.createShareLink({ id: owner.fileId, maxDownloads: 5 });
    expect(a).toMatchObject({ state: 'active', downloads: 0, maxDownloads: null, hasPassword: false, revokedAt: null });
    expect(a.url).toBe(`${t.baseUrl}/s/${tokenOf(a)}`);
    expect(new Date(a.expiresAt).getTime() - clock.now().getTime()).toBeGreaterThan(24 * HOUR_MS - 60_000);

    // A HEAD request sends no bytes and takes no download.
    expect((await fetch(`${t.baseUrl}/api/share/${tokenOf(b)}`, { method: 'HEAD' })).status).toBe(200);
    const first = await download(b);
    expect(first.status).toBe(200);
    expect(sha(await first.arrayBuffer())).toBe(stored);
    await (await download(b)).arrayBuffer();
    await (await download(a)).arrayBuffer();

    const listed = await owner.api.listShareLinks({ id: owner.fileId });
    expect(listed.slice(0, 2).map((l) => [l.id, l.downloads, l.maxDownloads])).toEqual([
      [b.id, 2, 5],
      [a.id, 1, null],
    ]);
    const file = (await owner.api.listFiles({})).find((f) => f.id === owner.fileId);
    expect(file?.shareToken).toBe(tokenOf(b));
    expect(file?.shareDownloads).toBeGreaterThanOrEqual(3);

    const about = await info(a);
    expect(about.status).toBe(200);
    expect(await about.json()).toMatchObject({
      needsPassword: false,
      file: { name: 'holiday.png', size: file?.compressedSize, originalSize: file?.originalSize, spaceSaved: file?.spaceSaved },
    });
  });

  it('keeps a password link closed until its password, which never goes in a URL', async () => {
    const link = await owner.api.createShareLink({ id: owner.fileId, password: 'open sesame' });
    expect(link.hasPassword).toBe(true);
    const plain = await download(link);
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toBe(`/s/${tokenOf(link)}`);
    expect(await (await info(link)).json()).toMatchObject({ needsPassword: true, file: null });

    await refused(
      t.api.unlockSharedFile({ token: tokenOf(link), password: 'open sesam' }),
      403,
      ErrorMessages.sharePasswordWrong,
    );
    const unlocked = await t.api.unlockSharedFile({ token: tokenOf(link), password: 'open sesame' });
    expect(unlocked.file.name).toBe('holiday.png');
    expect(unlocked.downloadUrl).not.toContain('sesame');
    const res = await download(unlocked.downloadUrl);
    expect(res.status).toBe(200);
    expect(sha(await res.arrayBuffer())).toBe(stored);
    // A forged signature opens nothing.
    expect((await download(unlocked.downloadUrl.replace(/sig=[^&]+/, 'sig=forged'))).status).toBe(303);
    expect((await linkNow(link))?.downloads).toBe(1);
  });

  it(`locks a password link for 15 minutes after ${SHARE_PASSWORD_ATTEMPTS} wrong tries`, async () => {
    const link = await owner.api.createShareLink({ id: owner.fileId, password: 'right' });
    const token = tokenOf(link);
    for (let i = 1; i < SHARE_PASSWORD_ATTEMPTS; i++)
      await refused(t.api.unlockSharedFile({ token, password: `wrong ${i}` }), 403, ErrorMessages.sharePasswordWrong);
    await refused(t.api.unlockSharedFile({ token, password: 'wrong again' }), 429, ErrorMessages.sharePasswordLocked);
    // Locked: even the right password waits, and the answer says for how long.
    const locked = await t.fetch(`/api/share/${token}/unlock`, { method: 'POST', json: { password: 'right' } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(SHARE_LOCK_MS / 1000 - 60);
    clock.offsetMs = SHARE_LOCK_MS + 1000;
    try {
      expect((await t.api.unlockSharedFile({ token, password: 'right' })).file.name).toBe('holiday.png');
    } finally {
      clock.offsetMs = 0;
    }
  });

  it('stops at its download limit: of two requests for the last download, one gets it', async () => {
    const link = await owner.api.createShareLink({ id: owner.fileId, maxDownloads: 2 });
    await (await download(link)).arrayBuffer();
    const racing = await Promise.all([download(link), download(link)]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 410]);
    await Promise.all(racing.map((r) => r.arrayBuffer()));
    expect(await answerOf(await download(link))).toEqual({ status: 410, message: ErrorMessages.shareLinkExhausted });
    expect(await answerOf(await info(link))).toEqual({ status: 410, message: ErrorMessages.shareLinkExhausted });
    expect(await linkNow(link)).toMatchObject({ downloads: 2, state: 'exhausted' });
  });

  it('expires when its owner chose, and says so', async () => {
    const link = await owner.api.createShareLink({ id: owner.fileId, expiresInHours: 1 });
    clock.offsetMs = HOUR_MS - 60_000;
    try {
      expect((await info(link)).status).toBe(200);
      clock.offsetMs = HOUR_MS + 1000;
      expect(await answerOf(await download(link))).toEqual({ status: 410, message: ErrorMessages.shareLinkExpired });
      expect(await answerOf(await info(link))).toEqual({ status: 410, message: ErrorMessages.shareLinkExpired });
      expect((await linkNow(link))?.state).toBe('expired');
    } finally {
      clock.offsetMs = 0;
    }
  });

  it('revokes one link at once, and the file’s other links go on working', async () => {
    const kept = await owner.api.createShareLink({ id: owner.fileId });
    const revoked = await owner.api.createShareLink({ id: owner.fileId, password: 'pw' });
    const answer = await owner.api.revokeShareLink({ id: revoked.id });
    expect(answer).toMatchObject({ id: revoked.id, state: 'revoked' });
    expect(answer.revokedAt).not.toBeNull();
    expect(await answerOf(await download(revoked))).toEqual({ status: 410, message: ErrorMessages.shareLinkRevoked });
    expect(await answerOf(await info(revoked))).toEqual({ status: 410, message: ErrorMessages.shareLinkRevoked });
    await refused(t.api.unlockSharedFile({ token: tokenOf(revoked), password: 'pw' }), 410, ErrorMessages.shareLinkRevoked);
    expect((await download(kept)).status).toBe(200);
    // Revoking again changes nothing.
    expect((await owner.api.revokeShareLink({ id: revoked.id })).revokedAt).toBe(answer.revokedAt);
  });

  it('lets premium choose 1 hour to 30 days; trial and free accounts share for 24 hours only', async () => {
    const month = await owner.api.createShareLink({ id: owner.fileId, expiresInHours: 720 });
    expect(new Date(month.expiresAt).getTime() - clock.now().getTime()).toBeGreaterThan(720 * HOUR_MS - 60_000);
    for (const choice of [
      { expiresInHours: 0 },
      { expiresInHours: 721 },
      { expiresInHours: 1.5 },
      { maxDownloads: 0 },
      { password: '' },
    ])
      await refused(owner.api.createShareLink({ id: owner.fileId, ...choice }), 400);

    const trial = await signUp();
    await trial.api.setupTrial({ creditCard: TEST_CARD });
    const free = await signUp();
    for (const user of [trial, free]) {
      const id = await uploadAs(user.token);
      await refused(user.api.createShareLink({ id, expiresInHours: 48 }), 403, ErrorMessages.shareExpiryPremium);
      await refused(user.api.createShareLink({ id, expiresInHours: 1 }), 403, ErrorMessages.shareExpiryPremium);
      const day = await user.api.createShareLink({ id, expiresInHours: 24, password: 'pw', maxDownloads: 3 });
      expect(day).toMatchObject({ hasPassword: true, maxDownloads: 3 });
      expect((await user.api.shareFile({ id })).shareUrl).toContain('/api/share/');
    }
  });

  it("answers 404 for another user's file or link, and leaves the link alone", async () => {
    const link = await owner.api.createShareLink({ id: owner.fileId });
    await refused(stranger.createShareLink({ id: owner.fileId }), 404);
    await refused(stranger.listShareLinks({ id: owner.fileId }), 404);
    await refused(stranger.revokeShareLink({ id: link.id }), 404, ErrorMessages.shareLinkNotFound);
    await refused(stranger.revokeShareLink({ id: 'not-an-id' }), 404);
    expect((await linkNow(link))?.state).toBe('active');
    expect((await t.fetch('/api/share/AAAAAAAAAAAAAAAAAAAAAA/info')).status).toBe(404);
  });

  it(`refuses more than ${SHARE_UNLOCKS_PER_ADDRESS.attempts} passwords from one address, whatever the links`, async () => {
    let tries = 0;
    let refusal: ApiError | undefined;
    // A fresh link every few tries, so no link locks itself: only the address's count can stop them.
    for (let round = 0; !refusal && round * 4 <= SHARE_UNLOCKS_PER_ADDRESS.attempts; round++) {
      const token = tokenOf(await owner.api.createShareLink({ id: owner.fileId, password: 'right' }));
      for (let i = 0; i < 4 && !refusal; i++) {
        tries++;
        const err = await errorOf(t.api.unlockSharedFile({ token, password: 'guess' }));
        if (err.status === 429) refusal = err;
        else expect(err.status).toBe(403);
      }
    }
    expect(refusal?.serverMessage).toBe(ErrorMessages.rateLimited);
    // The earlier tests of this file tried some passwords from this address too.
    expect(tries).toBeLessThanOrEqual(SHARE_UNLOCKS_PER_ADDRESS.attempts + 1);
  });

  it('documents its routes in /api/docs', async () => {
    const doc = (await (await t.fetch('/api/docs')).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/files/{id}/share-links'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/share-links/{id}'] ?? {})).toEqual(['delete']);
    expect(Object.keys(doc.paths['/api/share/{token}/info'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/share/{token}/unlock'] ?? {})).toEqual(['post']);
  });
});
