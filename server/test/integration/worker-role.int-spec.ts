import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CompressionJob, CompressionResponse } from '@shrinkly/contract';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker, type RunningWorker } from '../../src/create-app.js';
import { makePhotoPng } from '../fixtures.js';
import { fileForm, freePort, startTestApp, type TestApp } from '../harness.js';

const root = path.resolve(import.meta.dirname, '../../..');

describe('web and worker parts', () => {
  let web: TestApp;
  let worker: RunningWorker | undefined;
  let dir: string;

  beforeAll(async () => {
    web = await startTestApp({ worker: false, env: { COMPRESS_SYNC_WAIT_MS: '0' } });
    dir = await mkdtemp(path.join(tmpdir(), 'shrinkly-worker-'));
  });
  afterAll(async () => {
    await worker?.close();
    await web?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const job = (id: string) => web.fetch(`/api/compression-job/${id}`).then((r) => r.json() as Promise<CompressionJob>);

  it('a web process only records the jobs it is given; the worker part alone runs them', async () => {
    const png = path.join(dir, 'shot.png');
    await makePhotoPng(png, 320, 240);
    const res = await web.fetch('/api/compress', { method: 'POST', body: await fileForm(png, 'shot.png', { compressionLevel: 'balanced' }) });
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
    const entry = path.join(root, 'server/dist/worker.main.js');
    if (!existsSync(entry)) throw new Error('This test runs the built worker: run `npm run build` first.');
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'shrinkly-worker-data-'));
    let output = '';
    const child = spawn(process.execPath, [entry], {
      cwd: root,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'test', DATABASE_URL: '', SMTP_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    try {
      for (let i = 0; i < 300 && !output.includes('Shrinkly worker is running'); i++) {
        if (child.exitCode !== null) throw new Error(`worker exited with ${child.exitCode}:\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(output).toContain('Shrinkly worker is running');
      expect(await fetch(`http://127.0.0.1:${port}/api/health`).then(() => 'answered', () => 'refused')).toBe('refused');
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
