import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { type ApiClient, type CompressionJob, ErrorMessages, type FileRecord, type FileUploadResponse } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { QueuePort } from '../../src/adapters/queue/queue.port.js';
import { FILE_DELETED_MESSAGE } from '../../src/features/files/library-result.finisher.js';
import { errorOf } from '../api-errors.js';
import { makeTestVideo } from '../fixtures.js';
import { blobCount, fileForm, signUp, usePhotoPng, useSignedUp, useTempDir, useTestApp } from '../harness.js';

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('My Files while a compression runs', () => {
  let holds = 0;

  const upload = async (token: string, file: string, name: string, fields: Record<string, string> = {}) => {
    const res = await t.fetch('/api/files/upload', {
      method: 'POST',
      body: await fileForm(file, name, fields),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(202);
    return (await res.json()) as FileUploadResponse;
  };
  const settled = (api: ApiClient, jobId: string) =>
    until<CompressionJob>(
      'the job to end',
      () => api.fileJob({ jobId }),
      (job) => job.status === 'completed' || job.status === 'failed',
    );
  const expectRefused = async (call: Promise<unknown>, status: number, message?: string) => {
    const err = await errorOf(call, `HTTP ${status}`);
    expect(err.status).toBe(status);
    if (message) expect(err.serverMessage).toBe(message);
  };

  /**
   * Holds the server's one job slot (JOB_CONCURRENCY=1) with a job the test ends, as a long compression ahead in
   * the queue would: uploads made meanwhile stay processing until it is released.
   */
  const holdQueue = async (): Promise<() => void> => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const queue = t.running.app.get(QueuePort);
    holds += 1;
    queue.register(`test-hold-${holds}`, () => held);
    await queue.enqueue(`test-hold-${holds}`, 'slot');
    return release;
  };

  const t = useTestApp({ env: { COMPRESS_SYNC_WAIT_MS: '0', JOB_CONCURRENCY: '1' } });
  const dir = useTempDir('shrinkly-processing-');
  const png = usePhotoPng(dir, 'shot.png', 240, 180);
  const owner = useSignedUp(t);
  const stranger = useSignedUp(t);

  it('lists an upload as processing with its job, to its owner only and outside the stats, until it is ready', async () => {
    const blobsBefore = await blobCount(t.dataDir);
    const folder = await owner.api.createFolder({ name: 'Scans' });
    const release = await holdQueue();
    let kept: FileUploadResponse;
    let dropped: FileUploadResponse;
    try {
      kept = await upload(owner.token, png, 'scan.png', { folderId: folder.id });
      dropped = await upload(owner.token, png, 'draft.png');
      const size = (await stat(png)).size;

      const listed = await owner.api.listFiles({});
      expect(listed.map((f) => f.name)).toEqual(['draft.png', 'scan.png']);
      expect(listed[1]).toMatchObject({
        id: kept.fileId ?? undefined,
        status: 'processing',
        jobId: kept.jobId,
        progress: 0,
        folder: { id: folder.id, name: 'Scans' },
        originalSize: size,
        compressedSize: size,
        isCompressed: false,
        spaceSaved: 0,
        qualityScore: null,
        qualityLabel: null,
        format: 'png',
        category: 'image',
      } satisfies Partial<FileRecord>);
      expect((await owner.api.listFiles({ folderId: folder.id })).map((f) => f.id)).toEqual([kept.fileId]);
      expect((await owner.api.listFolders({}))[0]?.fileCount).toBe(1);

      // Storage counts stored files only.
      expect(await owner.api.stats()).toMatchObject({ storageUsed: 0, totalFiles: 0, compressedFiles: 0, spaceSavedBytes: 0 });
      expect((await owner.api.me()).storageUsed).toBe(0);

      // Another user sees nothing of it and can touch nothing.
      expect(await stranger.api.listFiles({})).toEqual([]);
      const id = kept.fileId as string;
      await expectRefused(stranger.api.renameFile({ id, name: 'x.png' }), 404);
      await expectRefused(stranger.api.deleteFile({ id }), 404);
      await expectRefused(stranger.api.fileDownloadLink({ id }), 404);
      await expectRefused(stranger.api.fileJob({ jobId: kept.jobId }), 404);
      await expectRefused(t.api.fileJob({ jobId: kept.jobId }), 401);
      expect(await owner.api.fileJob({ jobId: kept.jobId })).toMatchObject({ status: 'queued', progress: 0 });

      // The owner waits for it to be ready before using it.
      await expectRefused(owner.api.renameFile({ id, name: 'x.png' }), 409, ErrorMessages.fileProcessing);
      await expectRefused(owner.api.moveFile({ id }), 409, ErrorMessages.fileProcessing);
      await expectRefused(owner.api.shareFile({ id }), 409, ErrorMessages.fileProcessing);
      await expectRefused(owner.api.fileDownloadLink({ id }), 409, ErrorMessages.fileProcessing);
      const download = await t.fetch(`/api/files/${id}/download`, { headers: { authorization: `Bearer ${owner.token}` } });
      expect(download.status).toBe(409);

      // Deleting one that waits removes it and its upload at once; its job then ends without running.
      await owner.api.deleteFile({ id: dropped.fileId as string });
      expect((await owner.api.listFiles({})).map((f) => f.id)).toEqual([kept.fileId]);
      expect(await blobCount(t.dataDir)).toBe(blobsBefore + 1);
    } finally {
      release();
    }

    expect(await settled(owner.api, kept.jobId)).toMatchObject({ status: 'completed', progress: 100 });
    expect(await settled(owner.api, dropped.jobId)).toMatchObject({ status: 'failed', error: FILE_DELETED_MESSAGE });
    const [ready] = await owner.api.listFiles({});
    expect(ready).toMatchObject({ id: kept.fileId, status: 'ready', jobId: null, progress: null, isCompressed: true });
    const stats = await owner.api.stats();
    expect(stats).toMatchObject({ storageUsed: ready?.compressedSize, totalFiles: 1, compressedFiles: 1 });
    // The result and its before/after view.
    expect(await blobCount(t.dataDir)).toBe(blobsBefore + 2);
    await owner.api.deleteFile({ id: kept.fileId as string });
    await owner.api.deleteFolder({ id: folder.id });
  });

  it('shows the progress of a running compression, and a delete mid-way leaves no blob or work file behind', async () => {
    const video = path.join(dir, 'clip.mp4');
    // A few seconds of real video: long enough to be seen running on any machine.
    await makeTestVideo(video, { size: '640x360', seconds: 6, crf: 12, tone: true });
    const blobsBefore = await blobCount(t.dataDir);
    const user = await signUp(t);
    const { jobId, fileId } = await upload(user.token, video, 'clip.mp4');

    const [running] = await until(
      'progress in the list',
      () => user.api.listFiles({}),
      (files) => (files[0]?.progress ?? 0) > 0,
    );
    expect(running).toMatchObject({ id: fileId, status: 'processing', jobId, category: 'video' });
    expect(running?.progress).toBeLessThan(100);

    await user.api.deleteFile({ id: fileId as string });
    expect(await user.api.listFiles({})).toEqual([]);
    expect(await settled(user.api, jobId)).toMatchObject({ status: 'failed', error: FILE_DELETED_MESSAGE });
    expect(await blobCount(t.dataDir)).toBe(blobsBefore);
    expect(await readdir(path.join(t.dataDir, 'tmp', String(process.pid), 'work')).catch(() => [])).toEqual([]);
    expect(await user.api.stats()).toMatchObject({ storageUsed: 0, totalFiles: 0 });
    expect((await user.api.me()).storageUsed).toBe(0);
  }, 120_000);
});
