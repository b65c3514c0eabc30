import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type ApiClient,
  type FileRecord,
  type FileUploadResponse,
  qualityLabel,
  SHARE_LINK_TTL_MS,
  STORAGE_LIMIT_BYTES,
} from '@shrinkly/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { errorOf } from '../api-errors.js';
import { blobCount, fileForm, signUp, TestClock, usePhotoPng, useSignedUp, useTempDir, useTestApp } from '../harness.js';

const sha = (bytes: ArrayBuffer | Buffer) =>
  createHash('sha256')
    .update(Buffer.from(bytes as ArrayBuffer))
    .digest('hex');

describe('My Files over HTTP', () => {
  const clock = new TestClock();

  const upload = (token: string, fields: Record<string, string> = {}, file = png, name = 'screen shot.png') =>
    fileForm(file, name, { compressionLevel: 'balanced', ...fields }).then((body) =>
      t.fetch('/api/files/upload', { method: 'POST', body, headers: { authorization: `Bearer ${token}` } }),
    );
  const expectStatus = async (call: Promise<unknown>, status: number) => {
    const err = await errorOf(call, `HTTP ${status}`);
    expect(err.status).toBe(status);
    return err;
  };
  /** Stats, the user's storageUsed and the file list always tell the same story. */
  const expectConsistent = async (api: ApiClient) => {
    const [stats, me, files] = await Promise.all([api.stats(), api.me(), api.listFiles({})]);
    expect(me.storageUsed).toBe(stats.storageUsed);
    expect(stats.storageUsed).toBe(files.reduce((sum, f) => sum + f.compressedSize, 0));
    expect(stats.totalFiles).toBe(files.length);
    expect(stats.compressedFiles).toBe(files.filter((f) => f.isCompressed).length);
    expect(stats.spaceSavedBytes).toBe(files.reduce((sum, f) => sum + f.originalSize - f.compressedSize, 0));
    expect(stats.storageLimit).toBe(STORAGE_LIMIT_BYTES);
    return stats;
  };

  const t = useTestApp({ clock, env: { COMPRESS_SYNC_WAIT_MS: '60000' } });
  const dir = useTempDir('shrinkly-files-');
  const png = usePhotoPng(dir, 'screen.png', 200, 150);
  const owner = useSignedUp(t);
  const stranger = useSignedUp(t);

  it('answers 401 on every route without a user token', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string][] = [
      ['GET', '/api/files'],
      ['POST', '/api/files/upload'],
      ['POST', '/api/files/batches'],
      ['DELETE', `/api/files/${id}`],
      ['PATCH', `/api/files/${id}/rename`],
      ['PATCH', `/api/files/${id}/move`],
      ['POST', `/api/files/${id}/share`],
      ['POST', `/api/files/${id}/download-link`],
      ['GET', `/api/files/${id}/download`],
      ['GET', `/api/files/${id}/compare`],
      ['GET', '/api/folders'],
      ['POST', '/api/folders'],
      ['DELETE', `/api/folders/${id}`],
      ['GET', '/api/stats'],
      ['POST', '/api/subscription/setup-trial'],
    ];
    for (const [method, route] of routes) expect((await t.fetch(route, { method })).status, `${method} ${route}`).toBe(401);
  });

  it('starts empty', async () => {
    expect(await owner.api.listFiles({})).toEqual([]);
    expect(await owner.api.listFolders({})).toEqual([]);
    expect(await expectConsistent(owner.api)).toMatchObject({ storageUsed: 0, totalFiles: 0, spaceSavedPercent: 0 });
  });

  let file: FileRecord;
  it('compresses an upload and stores the smaller, valid result', async () => {
    const before = await blobCount(t.dataDir);
    const res = await upload(owner.token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as FileUploadResponse;
    const original = (await stat(png)).size;
    expect(body).toMatchObject({ status: 'completed', originalSize: original });
    expect(body.compressedSize).toBeLessThan(original);
    expect(body.compressionRatio).toBeCloseTo(original / (body.compressedSize as number), 1);
    file = body.file as FileRecord;
    expect(file).toMatchObject({
      name: 'screen shot.png',
      mimeType: 'image/png',
      format: 'png',
      category: 'image',
      isCompressed: true,
      level: 'balanced',
      folder: null,
      shareToken: null,
      shareLinks: 0,
      shareDownloads: 0,
      compressedSize: body.compressedSize,
    });
    expect(file.spaceSaved).toBeGreaterThan(0);
    // The engine's measured score, kept with the file, at or above balanced's floor.
    expect(file.qualityScore).toBeGreaterThanOrEqual(0.97);
    expect(file.qualityLabel).toBe(qualityLabel(file.qualityScore as number));
    // Free accounts keep files for 24 hours.
    expect(new Date(file.expiresAt as string).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(await owner.api.listFiles({})).toEqual([file]);
    // The upload is replaced by its result and its before/after view: two blobs, no leftovers.
    expect(await blobCount(t.dataDir)).toBe(before + 2);
    const comparison = await owner.api.fileComparison({ id: file.id });
    expect(comparison.pairs.map((p) => p.label)).toEqual(['Picture']);
    for (const side of ['before', 'after'] as const) {
      const jpeg = Buffer.from((comparison.pairs[0]?.[side] ?? '').replace(/^data:image\/jpeg;base64,/, ''), 'base64');
      expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 150 });
    }
    await expectStatus(stranger.api.fileComparison({ id: file.id }), 404);
    expect(await expectConsistent(owner.api)).toMatchObject({ totalFiles: 1, compressedFiles: 1 });

    const res2 = await t.fetch(`/api/files/${file.id}/download`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(res2.status).toBe(200);
    expect(res2.headers.get('content-disposition')).toContain('attachment');
    const bytes = Buffer.from(await res2.arrayBuffer());
    expect(bytes.length).toBe(file.compressedSize);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 200, 150]);
  });

  it('opens a file by a signed link without the token, inline for previews, and refuses forged links', async () => {
    const inline = await owner.api.fileDownloadLink({ id: file.id, disposition: 'inline' });
    const res = await fetch(inline.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="screen shot.png"/);
    const attachment = await owner.api.fileDownloadLink({ id: file.id });
    expect((await fetch(attachment.url)).headers.get('content-disposition')).toMatch(/^attachment/);
    expect((await fetch(attachment.url.replace(/sig=[^&]+/, 'sig=forged'))).status).toBe(404);
    expect((await t.fetch(`/api/files/${file.id}/download`)).status).toBe(401);
    // A range, as a video player or a resumed download asks.
    const part = await fetch(attachment.url, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
  });

  let folderId: string;
  it('creates folders with checked names and moves files in and back', async () => {
    const folder = await owner.api.createFolder({ name: '  Holiday  ' });
    folderId = folder.id;
    expect(folder).toMatchObject({ name: 'Holiday', parentId: null, fileCount: 0 });
    await expectStatus(owner.api.createFolder({ name: 'holiday' }), 409);
    for (const name of ['   ', '', 'a/b', 'x'.repeat(101)]) await expectStatus(owner.api.createFolder({ name }), 400);
    await expectStatus(owner.api.createFolder({ name: 'Inner', parentId: '00000000-0000-4000-8000-000000000000' }), 404);
    const inner = await owner.api.createFolder({ name: 'Inner', parentId: folderId });
    expect(inner.parentId).toBe(folderId);
    expect((await owner.api.listFolders({ parentId: folderId })).map((f) => f.name)).toEqual(['Inner']);

    const moved = await owner.api.moveFile({ id: file.id, folderId });
    expect(moved.folder).toEqual({ id: folderId, name: 'Holiday' });
    expect((await owner.api.listFiles({ folderId })).map((f) => f.id)).toEqual([file.id]);
    expect((await owner.api.listFolders({})).find((f) => f.id === folderId)?.fileCount).toBe(1);
    // A folder with content is not deleted.
    await expectStatus(owner.api.deleteFolder({ id: folderId }), 409);
    expect((await owner.api.moveFile({ id: file.id })).folder).toBeNull();
    expect(await owner.api.listFiles({ folderId })).toEqual([]);
    await expectStatus(owner.api.moveFile({ id: file.id, folderId: '00000000-0000-4000-8000-000000000000' }), 404);
    await owner.api.deleteFolder({ id: inner.id });
    expect((await owner.api.listFolders({})).map((f) => f.name)).toEqual(['Holiday']);
  });

  it('uploads straight into a folder', async () => {
    const res = await upload(owner.token, { folderId }, png, 'in folder.png');
    expect(res.status).toBe(200);
    const body = (await res.json()) as FileUploadResponse;
    expect(body.file?.folder).toEqual({ id: folderId, name: 'Holiday' });
    await expectConsistent(owner.api);
    await owner.api.deleteFile({ id: body.fileId as string });
  });

  it('renames with a trimmed, checked name', async () => {
    expect((await owner.api.renameFile({ id: file.id, name: '  Report cover.png ' })).name).toBe('Report cover.png');
    for (const name of ['  ', 'a\\b', 'line\nbreak']) await expectStatus(owner.api.renameFile({ id: file.id, name }), 400);
    expect((await owner.api.listFiles({}))[0]?.name).toBe('Report cover.png');
  });

  it('shares a file for 24 hours, each share a new link beside the older ones', async () => {
    const first = await owner.api.shareFile({ id: file.id });
    const second = await owner.api.shareFile({ id: file.id });
    expect(second.shareUrl).toMatch(new RegExp(`^${t.baseUrl}/api/share/[\\w-]{22}$`));
    expect(second.shareUrl).not.toBe(first.shareUrl);
    expect((await fetch(first.shareUrl)).status).toBe(200);
    const shared = await fetch(second.shareUrl);
    expect(shared.status).toBe(200);
    expect(shared.headers.get('content-disposition')).toContain('Report cover.png');
    const stored = await t.fetch(`/api/files/${file.id}/download`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(sha(await shared.arrayBuffer())).toBe(sha(await stored.arrayBuffer()));
    const listed = (await owner.api.listFiles({}))[0];
    expect(listed?.shareToken).toBe(second.shareUrl.split('/').pop());
    expect(listed).toMatchObject({ shareLinks: 2, shareDownloads: 2 });
    expect(new Date(listed?.shareExpiresAt as string).getTime() - Date.now()).toBeGreaterThan(SHARE_LINK_TTL_MS - 60_000);

    clock.offsetMs = SHARE_LINK_TTL_MS + 1000;
    try {
      expect((await fetch(second.shareUrl)).status).toBe(410);
      expect((await owner.api.listFiles({}))[0]).toMatchObject({ shareToken: null, shareExpiresAt: null, shareLinks: 0 });
    } finally {
      clock.offsetMs = 0;
    }
    expect((await fetch(`${t.baseUrl}/api/share/not-a-token`)).status).toBe(404);
  });

  it("answers 404 for another user's file and folder ids and changes nothing", async () => {
    const before = await owner.api.listFiles({});
    const id = file.id;
    await expectStatus(stranger.api.renameFile({ id, name: 'mine.png' }), 404);
    await expectStatus(stranger.api.moveFile({ id }), 404);
    await expectStatus(stranger.api.shareFile({ id }), 404);
    await expectStatus(stranger.api.fileDownloadLink({ id }), 404);
    await expectStatus(stranger.api.deleteFile({ id }), 404);
    await expectStatus(stranger.api.listFiles({ folderId }), 404);
    await expectStatus(stranger.api.deleteFolder({ id: folderId }), 404);
    await expectStatus(stranger.api.createFolder({ name: 'Sneaky', parentId: folderId }), 404);
    expect((await t.fetch(`/api/files/${id}/download`, { headers: { authorization: `Bearer ${stranger.token}` } })).status).toBe(
      404,
    );
    expect((await upload(stranger.token, { folderId })).status).toBe(404);
    // The stranger's own file cannot be moved into the owner's folder.
    const theirs = ((await (await upload(stranger.token)).json()) as FileUploadResponse).fileId as string;
    await expectStatus(stranger.api.moveFile({ id: theirs, folderId }), 404);
    expect(await owner.api.listFiles({})).toEqual(before);
    expect((await stranger.api.listFiles({})).map((f) => f.id)).toEqual([theirs]);
    for (const bad of ['not-a-uuid', '00000000-0000-4000-8000-000000000000'])
      await expectStatus(owner.api.deleteFile({ id: bad }), 404);
  });

  it('refuses files whose real type the dashboard does not take, whatever their name', async () => {
    const fake = path.join(dir, 'notes.txt');
    await writeFile(fake, 'plain text, named like a picture');
    const res = await upload(owner.token, {}, fake, 'photo.png');
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toMatch(/not supported.*PNG/);
    const bad = await t.fetch('/api/files/upload', {
      method: 'POST',
      body: await fileForm(png, 'a.png', { compressionLevel: 'extreme' }),
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(bad.status).toBe(400);
    await expectConsistent(owner.api);
  });

  it('keeps camera data by the saved photo data choice when an upload names none, and refuses an unknown one', async () => {
    const user = await signUp(t);
    expect((await user.api.me()).photoData).toBe('strip');
    const camera = path.join(dir, 'camera.jpg');
    await sharp(await readFile(png))
      .withExif({ IFD0: { Make: 'Shrinkly Camera', Copyright: 'Ada Lovelace' } })
      .jpeg({ quality: 95 })
      .toFile(camera);
    const exifOf = async () => {
      const body = (await (await upload(user.token, {}, camera, 'camera.jpg')).json()) as FileUploadResponse;
      const res = await t.fetch(`/api/files/${body.fileId}/download`, { headers: { authorization: `Bearer ${user.token}` } });
      return (await sharp(Buffer.from(await res.arrayBuffer())).metadata()).exif?.toString('latin1') ?? '';
    };
    expect(await exifOf()).not.toContain('Shrinkly Camera');
    expect((await user.api.updatePreferences({ photoData: 'camera' })).photoData).toBe('camera');
    expect((await user.api.me()).photoData).toBe('camera');
    expect(await exifOf()).toContain('Shrinkly Camera');
    await expectStatus(user.api.updatePreferences({ photoData: 'everything' } as never), 400);
  });

  it('deletes a file with its blob and frees its storage', async () => {
    const res = await upload(owner.token, {}, png, 'to delete.png');
    const id = ((await res.json()) as FileUploadResponse).fileId as string;
    const blobs = await blobCount(t.dataDir);
    const used = (await owner.api.stats()).storageUsed;
    await owner.api.deleteFile({ id });
    // Its bytes and its before/after view.
    expect(await blobCount(t.dataDir)).toBe(blobs - 2);
    expect((await expectConsistent(owner.api)).storageUsed).toBeLessThan(used);
    await expectStatus(owner.api.deleteFile({ id }), 404);
  });

  it('removes every blob and row of an account when it is deleted', async () => {
    const user = await signUp(t);
    const before = await blobCount(t.dataDir);
    for (const name of ['a.png', 'b.png']) expect((await upload(user.token, {}, png, name)).status).toBe(200);
    await user.api.createFolder({ name: 'Mine' });
    expect(await blobCount(t.dataDir)).toBe(before + 4);
    await user.api.deleteAccount();
    expect(await blobCount(t.dataDir)).toBe(before);
    expect(existsSync(png)).toBe(true);
    await expectConsistent(owner.api);
  });

  it('keeps an upload that cannot be made smaller as it was, marked not compressed', async () => {
    const tiny = path.join(dir, 'tiny.png');
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png({ palette: true })
      .toFile(tiny);
    const body = (await (await upload(owner.token, {}, tiny, 'dot.png')).json()) as FileUploadResponse;
    expect(body.file).toMatchObject({
      isCompressed: false,
      spaceSaved: 0,
      compressedSize: (await readFile(tiny)).length,
      // The stored bytes are the upload's own.
      qualityScore: 1,
      qualityLabel: 'Visually identical',
    });
    // A target the upload already meets keeps it as it is, too.
    const size = (await stat(png)).size;
    const fits = (await (await upload(owner.token, { targetBytes: String(size) })).json()) as FileUploadResponse;
    expect(fits.file).toMatchObject({ isCompressed: false, compressedSize: size, qualityScore: 1 });
    await expectConsistent(owner.api);
  });
});
