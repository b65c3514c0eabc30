import path from 'node:path';
import type { CompressionJob } from '@shrinkly/contract';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { QueuePort } from '../../src/adapters/queue/queue.port.js';
import { StoragePort } from '../../src/adapters/storage/storage.port.js';
import { CompressionJobHandler } from '../../src/features/compression/compression.job-handler.js';
import { CompressionJobRecords } from '../../src/features/compression/compression.job-records.js';
import { ConversionJobRecords } from '../../src/features/converter/conversion.job-records.js';
import { resumeQueue } from '../../src/jobs/job-handlers.js';
import { stoppedTooOftenMessage } from '../../src/jobs/job-runner.js';
import { makePhotoJpeg } from '../fixtures.js';
import { useTempDir, useTestApp } from '../harness.js';

describe('jobs after a restart', () => {
  const t = useTestApp();
  const dir = useTempDir('shrinkly-resume-');

  it('runs queued jobs again and retries the ones a stopped process was running', async () => {
    const jobs = t.running.app.get(CompressionJobRecords);
    const storage = t.running.app.get(StoragePort);
    const created: string[] = [];
    for (const status of ['queued', 'processing'] as const) {
      const photo = path.join(dir, `${status}.jpg`);
      await makePhotoJpeg(photo, 640, 480);
      const blob = await storage.putFile(photo);
      const job = await jobs.create({
        status,
        level: 'balanced',
        fileName: `${status}.jpg`,
        inputFormat: 'jpg',
        inputBlob: blob.key,
        originalSize: blob.size,
        progress: status === 'processing' ? 40 : 0,
        expiresAt: new Date(Date.now() + 3_600_000),
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
    const jobs = t.running.app.get(CompressionJobRecords);
    const photo = path.join(dir, 'taken-over.jpg');
    await makePhotoJpeg(photo, 320, 240);
    const blob = await t.running.app.get(StoragePort).putFile(photo);
    const job = await jobs.create({
      status: 'processing',
      level: 'balanced',
      fileName: 'taken-over.jpg',
      inputFormat: 'jpg',
      inputBlob: blob.key,
      originalSize: blob.size,
      progress: 40,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const runner = t.running.app.get(CompressionJobHandler);
    const signal = new AbortController().signal;
    expect(await runner.run(job.id, signal, { redelivered: false })).toBe('skipped');
    expect(await runner.run(job.id, signal, { redelivered: true })).toBe('success');
    expect(await jobs.findById(job.id)).toMatchObject({ status: 'completed', progress: 100 });
  }, 60_000);

  /** A compression job on a stored photo, in `status`, started `attempts` times before. */
  async function recordedJob(name: string, status: 'queued' | 'processing', attempts: number) {
    const photo = path.join(dir, name);
    await makePhotoJpeg(photo, 320, 240);
    const blob = await t.running.app.get(StoragePort).putFile(photo);
    return t.running.app.get(CompressionJobRecords).create({
      status,
      level: 'balanced',
      fileName: name,
      inputFormat: 'jpg',
      inputBlob: blob.key,
      originalSize: blob.size,
      progress: status === 'processing' ? 40 : 0,
      attempts,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
  }

  it('gives up a job whose file took its process down on two starts, and says why', async () => {
    const jobs = t.running.app.get(CompressionJobRecords);
    const runner = t.running.app.get(CompressionJobHandler);
    const signal = new AbortController().signal;
    // Started once and taken over once already, both times by a process that died: this is its third start.
    const poisoned = await recordedJob('poisoned.jpg', 'processing', 2);
    expect(await runner.run(poisoned.id, signal, { redelivered: true })).toBe('failed');
    expect(await jobs.findById(poisoned.id)).toMatchObject({ status: 'failed', attempts: 3 });
    const seen = (await (await t.fetch(`/api/compression-job/${poisoned.id}`)).json()) as CompressionJob;
    expect(seen).toMatchObject({ status: 'failed', error: stoppedTooOftenMessage('Compression') });

    // One death only: the takeover runs it.
    const once = await recordedJob('died-once.jpg', 'processing', 1);
    expect(await runner.run(once.id, signal, { redelivered: true })).toBe('success');
    expect(await jobs.findById(once.id)).toMatchObject({ status: 'completed', attempts: 2 });
  }, 60_000);

  it('does not count a start that a stopping process handed back', async () => {
    const jobs = t.running.app.get(CompressionJobRecords);
    const runner = t.running.app.get(CompressionJobHandler);
    // Its process died once already: were the handed-back start counted, the next one would be its third.
    const job = await recordedJob('handed-back.jpg', 'queued', 1);
    const stopping = new AbortController();
    stopping.abort();
    expect(await runner.run(job.id, stopping.signal, { redelivered: false })).toBe('skipped');
    expect(await jobs.findById(job.id)).toMatchObject({ status: 'queued', attempts: 1, progress: 0 });
    expect(await runner.run(job.id, new AbortController().signal, { redelivered: false })).toBe('success');
    expect(await jobs.findById(job.id)).toMatchObject({ status: 'completed', attempts: 2 });
  }, 60_000);

  it('counts starts the same way for conversions', async () => {
    const conversions = t.running.app.get(ConversionJobRecords);
    const job = await conversions.create({
      status: 'queued',
      fileName: 'a.png',
      inputFormat: 'png',
      targetFormat: 'jpg',
      inputBlob: null,
      originalSize: 1,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect(await conversions.start(job.id, ['processing'], new Date())).toBeUndefined();
    expect(await conversions.start(job.id, ['queued'], new Date())).toMatchObject({ status: 'processing', attempts: 1 });
    await conversions.handBack(job.id);
    expect(await conversions.findById(job.id)).toMatchObject({ status: 'queued', attempts: 0 });
    await conversions.start(job.id, ['queued'], new Date());
    expect(await conversions.requeueInterrupted([job.id])).toBe(1);
    expect(await conversions.findById(job.id)).toMatchObject({ status: 'queued', attempts: 1 });
  });
});
