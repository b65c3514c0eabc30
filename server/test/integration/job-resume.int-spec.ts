import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CompressionJob } from '@shrinkly/contract';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueuePort } from '../../src/adapters/queue/queue.port.js';
import { StoragePort } from '../../src/adapters/storage/storage.port.js';
import { resumeQueue } from '../../src/jobs/job-handlers.js';
import { CompressFileJob } from '../../src/features/compression/compress-file.job.js';
import { CompressionJobRepository } from '../../src/features/compression/compression-job.repository.js';
import { makePhotoJpeg } from '../fixtures.js';
import { startTestApp, type TestApp } from '../harness.js';

describe('jobs after a restart', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp();
    dir = await mkdtemp(path.join(tmpdir(), 'shrinkly-resume-'));
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('runs queued jobs again and retries the ones a stopped process was running', async () => {
    const jobs = t.running.app.get(CompressionJobRepository);
    const storage = t.running.app.get(StoragePort);
    const created: string[] = [];
    for (const status of ['queued', 'processing']) {
      const photo = path.join(dir, `${status}.jpg`);
      await makePhotoJpeg(photo, 640, 480);
      const blob = await storage.putFile(photo);
      const job = await jobs.create({
        status, level: 'balanced', fileName: `${status}.jpg`, inputFormat: 'jpg', inputBlob: blob.key, originalSize: blob.size,
        progress: status === 'processing' ? 40 : 0, expiresAt: new Date(Date.now() + 3_600_000),
      });
      created.push(job.id);
    }

    await resumeQueue('compress-file', jobs, t.running.app.get(QueuePort), pino({ level: 'silent' }));

    for (const id of created) {
      let job: CompressionJob | undefined;
      for (let i = 0; i < 200; i++) {
        job = (await (await t.fetch(`/api/compression-job/${id}`)).json()) as CompressionJob;
        if (job.status === 'completed' || job.status === 'failed') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(job).toMatchObject({ status: 'completed', progress: 100 });
      expect(job?.temporaryUrl).toMatch(/\/api\/downloads\//);
    }
    expect((await jobs.findById(created[1] as string))?.attempts).toBe(1);
  }, 90_000);

  it('takes over a job left processing only when the queue hands it out again (its worker died)', async () => {
    const jobs = t.running.app.get(CompressionJobRepository);
    const photo = path.join(dir, 'taken-over.jpg');
    await makePhotoJpeg(photo, 320, 240);
    const blob = await t.running.app.get(StoragePort).putFile(photo);
    const job = await jobs.create({
      status: 'processing', level: 'balanced', fileName: 'taken-over.jpg', inputFormat: 'jpg', inputBlob: blob.key, originalSize: blob.size,
      progress: 40, expiresAt: new Date(Date.now() + 3_600_000),
    });
    const runner = t.running.app.get(CompressFileJob);
    const signal = new AbortController().signal;
    expect(await runner.run(job.id, signal, { redelivered: false })).toBe('skipped');
    expect(await runner.run(job.id, signal, { redelivered: true })).toBe('success');
    expect(await jobs.findById(job.id)).toMatchObject({ status: 'completed', progress: 100 });
  }, 60_000);
});
