import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CompressionJob, CompressionResponse } from '@shrinkly/contract';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBuilt } from '../../../scripts/built-server.mjs';
import { StoragePort } from '../../src/adapters/storage/storage.port.js';
import { createWorker, type RunningWorker } from '../../src/create-app.js';
import { CompressionJobRecords } from '../../src/features/compression/compression.job-records.js';
import { makePhotoJpeg, makePhotoPng } from '../fixtures.js';
import { fileForm, freePort, useTempDir, useTestApp } from '../harness.js';
import { testRedis, testRedisConfig, testRedisUrl } from '../redis.js';

describe('web and worker parts', () => {
  let worker: RunningWorker | undefined;

  const web = useTestApp({ worker: false, env: { COMPRESS_SYNC_WAIT_MS: '0' } });
  const dir = useTempDir('shrinkly-worker-');
  afterAll(async () => {
    await worker?.close();
  });

  const job = (id: string) => web.fetch(`/api/compression-job/${id}`).then((r) => r.json() as Promise<CompressionJob>);

  it('a web process only records the jobs it is given; the worker part alone runs them', async () => {
    const png = path.join(dir, 'shot.png');
    await makePhotoPng(png, 320, 240);
    const res = await web.fetch('/api/compress', {
      method: 'POST',
      body: await fileForm(png, 'shot.png', { compressionLevel: 'balanced' }),
    });
    const { jobId, status } = (await res.json()) as CompressionResponse;
    expect(status).toBe('queued');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await job(jobId)).toMatchObject({ status: 'queued', progress: 0 });

    // The worker shares the web process's database and data folder, as separate processes would.
    worker = await createWorker(web.config, {
      database: { ...web.running.database, close: async () => {} },
      logger: pino({ level: 'silent' }),
    });
    let current = await job(jobId);
    for (let i = 0; i < 300 && current.status !== 'completed' && current.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      current = await job(jobId);
    }
    expect(current).toMatchObject({ status: 'completed', progress: 100 });
    const download = await fetch(current.temporaryUrl as string);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(current.compressedSize);
  }, 120_000);

  it('`npm run worker` starts the worker alone: no HTTP port, a clean stop on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'shrinkly-worker-data-'));
    const { child, output } = launchBuilt('worker.main.js', {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
    });
    try {
      for (let i = 0; i < 300 && !output().includes('Shrinkly worker is running'); i++) {
        if (child.exitCode !== null) throw new Error(`worker exited with ${child.exitCode}:\n${output()}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(output()).toContain('Shrinkly worker is running');
      expect(
        await fetch(`http://127.0.0.1:${port}/api/health`).then(
          () => 'answered',
          () => 'refused',
        ),
      ).toBe('refused');
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.runIf(testRedisUrl)('web and worker parts on Redis', () => {
  const redisConfig = testRedisConfig(testRedisUrl ?? '');
  const env = {
    REDIS_URL: redisConfig.url,
    REDIS_PREFIX: redisConfig.prefix,
    WORKER_CONCURRENCY: '1',
    JOB_LOCK_MS: String(redisConfig.lockMs),
    JOB_STALLED_CHECK_MS: String(redisConfig.stalledCheckMs),
    COMPRESS_SYNC_WAIT_MS: '0',
  };
  let worker: RunningWorker | undefined;

  const web = useTestApp({ worker: false, env });
  const dir = useTempDir('shrinkly-worker-redis-');
  afterAll(async () => {
    await worker?.close();
    await testRedis(redisConfig).cleanUp();
  });

  /** The job as the web process answers it, from the database, once it has finished (or as it is after 60 s). */
  async function finished(id: string): Promise<CompressionJob> {
    let current = (await (await web.fetch(`/api/compression-job/${id}`)).json()) as CompressionJob;
    for (let i = 0; i < 300 && current.status !== 'completed' && current.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      current = (await (await web.fetch(`/api/compression-job/${id}`)).json()) as CompressionJob;
    }
    return current;
  }

  it('a worker resumes at its start the jobs recorded but not in Redis, then takes new ones from Redis as they come', async () => {
    // Recorded before the deployment used Redis: in the database only.
    const photo = path.join(dir, 'before.jpg');
    await makePhotoJpeg(photo, 320, 240);
    const blob = await web.running.app.get(StoragePort).putFile(photo);
    const before = await web.running.app.get(CompressionJobRecords).create({
      status: 'queued',
      level: 'balanced',
      fileName: 'before.jpg',
      inputFormat: 'jpg',
      inputBlob: blob.key,
      originalSize: blob.size,
      progress: 0,
      expiresAt: new Date(Date.now() + 3_600_000),
    });

    worker = await createWorker(web.config, {
      database: { ...web.running.database, close: async () => {} },
      logger: pino({ level: 'silent' }),
    });
    expect(await finished(before.id)).toMatchObject({ status: 'completed', progress: 100 });

    const png = path.join(dir, 'after.png');
    await makePhotoPng(png, 320, 240);
    const res = await web.fetch('/api/compress', {
      method: 'POST',
      body: await fileForm(png, 'after.png', { compressionLevel: 'balanced' }),
    });
    const { jobId } = (await res.json()) as CompressionResponse;
    expect(await finished(jobId)).toMatchObject({ status: 'completed', progress: 100 });
  }, 120_000);
});
