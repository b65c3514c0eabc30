import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AUTH_RATE_LIMIT,
  CHUNK_SIZE_BYTES,
  type CompressionJob,
  type CompressionResponse,
  ErrorMessages,
} from '@shrinkly/contract';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The launcher is shared with `npm run bench:scale`, which runs in plain Node.
import {
  createDatabase,
  type Fleet,
  type FleetProcess,
  type RedisNamespace,
  redisNamespace,
  type S3Server,
  startFleet,
  startS3,
  type TestDatabase,
} from '../../../scripts/fleet/fleet.mjs';
import { S3Storage } from '../../src/adapters/storage/s3.storage.js';
import { createS3Client } from '../../src/adapters/storage/s3-client.js';
import { loadConfig, type S3Config } from '../../src/config/app.config.js';
import { stoppedTooOftenMessage } from '../../src/jobs/job-runner.js';
import { makePhotoJpeg, makeTestVideo } from '../fixtures.js';
import { chunkForm, fileForm, newUser } from '../harness.js';

/**
 * Shrinkly scaled out by configuration alone: two web processes and two workers of the built server on one
 * PostgreSQL database, one Redis and one S3 bucket, each with a data folder of its own. Needs PostgreSQL
 * (TEST_DATABASE_URL) and Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379).
 */
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Parent of each live process, from /proc. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      // The command name, in parentheses, may hold spaces: the fields after it are counted from its end.
      const line = readFileSync(`/proc/${name}/stat`, 'utf8');
      map.set(Number(name), Number(line.slice(line.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  return map;
}

/** Whether `pid` runs an ffmpeg below it: the worker that has the video job. */
function runsFfmpeg(pid: number): boolean {
  const parentOf = parents();
  for (const child of parentOf.keys()) {
    let comm = '';
    try {
      comm = readFileSync(`/proc/${child}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (comm !== 'ffmpeg') continue;
    for (let p = parentOf.get(child); p !== undefined && p > 1; p = parentOf.get(p)) if (p === pid) return true;
  }
  return false;
}

describe('a fleet: two web processes and two workers on PostgreSQL, Redis and S3', () => {
  let work: string;
  let database: TestDatabase | undefined;
  let redis: RedisNamespace | undefined;
  let s3: S3Server | undefined;
  let fleet: Fleet | undefined;
  let web1: FleetProcess;
  let web2: FleetProcess;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'shrinkly-fleet-test-'));
    database = await createDatabase(postgresUrl);
    redis = await redisNamespace(redisUrl);
    s3 = await startS3(path.join(work, 's3'));
    fleet = await startFleet({
      webs: 2,
      workers: 2,
      env: { DATABASE_URL: database.url, ...redis.env, ...s3.env, COMPRESS_SYNC_WAIT_MS: '0' },
      // A worker that dies is noticed within seconds (its job's lock lapses), not the default half minute.
      workerEnv: { WORKER_CONCURRENCY: '1', SWEEP_INTERVAL_MS: '1000', JOB_LOCK_MS: '5000', JOB_STALLED_CHECK_MS: '1000' },
    });
    [web1, web2] = fleet.webs as [FleetProcess, FleetProcess];
  }, 120_000);

  afterAll(async () => {
    await fleet?.stop();
    await s3?.close();
    await redis?.clean();
    await database?.drop();
    if (work) await rm(work, { recursive: true, force: true });
  }, 60_000);

  /** The bucket's settings, read as a process of the fleet reads them. */
  const s3Settings = () => loadConfig({ ...s3?.env, JWT_SECRET: 'x'.repeat(32), DATA_DIR: work }).s3 as S3Config;
  const jobOn = async (web: FleetProcess, jobId: string) =>
    (await (await fetch(`${web.url}/api/compression-job/${jobId}`)).json()) as CompressionJob;
  const finished = (web: FleetProcess, jobId: string, timeoutMs = 90_000) =>
    until(
      `job ${jobId} to finish`,
      async () => {
        const job = await jobOn(web, jobId);
        if (job.status === 'failed') throw new Error(`job failed: ${job.error}`);
        return job.status === 'completed' && job;
      },
      timeoutMs,
    );
  /** The same signed download link, asked of another web process than the one that wrote it. */
  const on = (web: FleetProcess, link: string) => {
    const { pathname, search } = new URL(link);
    return `${web.url}${pathname}${search}`;
  };
  const compress = async (web: FleetProcess, file: string, name: string) => {
    const res = await fetch(`${web.url}/api/compress`, {
      method: 'POST',
      body: await fileForm(file, name, { compressionLevel: 'balanced' }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as CompressionResponse;
  };

  /** Downloads the whole result and a range of it from `web`: the range is answered 206 with exactly those bytes. */
  async function expectRangeDownload(web: FleetProcess, job: CompressionJob): Promise<Buffer> {
    const full = Buffer.from(await (await fetch(on(web, job.temporaryUrl as string))).arrayBuffer());
    expect(full.length).toBe(job.compressedSize);
    const from = Math.floor(full.length / 3);
    const to = from + 999;
    const part = await fetch(on(web, job.temporaryUrl as string), { headers: { range: `bytes=${from}-${to}` } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${from}-${to}/${full.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(full.subarray(from, to + 1))).toBe(true);
    return full;
  }

  let photoJob: CompressionJob;

  it('a photo sent to web 1 is compressed by a worker and downloads from web 2 in ranges', async () => {
    const photo = path.join(work, 'photo.jpg');
    await makePhotoJpeg(photo, 1600, 1200);
    const answer = await compress(web1, photo, 'photo.jpg');
    photoJob = await finished(web2, answer.jobId);
    expect(photoJob.compressedSize).toBeLessThan((await stat(photo)).size);
    const bytes = await expectRangeDownload(web2, photoJob);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 });
  }, 120_000);

  it('a large file sent in chunks to both web processes is assembled, compressed and downloaded', async () => {
    const photo = path.join(work, 'large photo.jpg');
    await makePhotoJpeg(photo, 4000, 3000);
    const bytes = await readFile(photo);
    const total = Math.ceil(bytes.length / CHUNK_SIZE_BYTES);
    expect(total).toBeGreaterThanOrEqual(3);
    const uploadId = `fleet-${Date.now()}`;
    for (let index = 0; index < total; index++) {
      const piece = bytes.subarray(index * CHUNK_SIZE_BYTES, (index + 1) * CHUNK_SIZE_BYTES);
      const form = chunkForm({ uploadId, index, totalChunks: total, fileName: 'large photo.jpg', fileSize: bytes.length }, piece);
      const web = index % 2 === 0 ? web1 : web2;
      expect((await fetch(`${web.url}/api/upload-chunk`, { method: 'POST', body: form })).status).toBe(200);
    }
    const assembled = await fetch(`${web2.url}/api/assemble-chunks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        uploadId,
        totalChunks: total,
        fileName: 'large photo.jpg',
        fileSize: bytes.length,
        compressionLevel: 'balanced',
      }),
    });
    expect(assembled.status).toBe(200);
    const answer = (await assembled.json()) as CompressionResponse;
    expect(answer).toMatchObject({ requiresPayment: false, fileSize: bytes.length });
    const job = await finished(web1, answer.jobId, 120_000);
    expect(job.compressedSize).toBeLessThan(bytes.length);
    const result = await expectRangeDownload(web1, job);
    expect(await sharp(result).metadata()).toMatchObject({ format: 'jpeg', width: 4000, height: 3000 });
  }, 180_000);

  it('counts sign-in failures across both web processes: split between them, they reach the limit', async () => {
    const user = newUser();
    const registered = await fetch(`${web1.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user),
    });
    expect(registered.status).toBeLessThan(300);
    const login = (web: FleetProcess, password: string) =>
      fetch(`${web.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password }),
      });
    for (let i = 0; i < AUTH_RATE_LIMIT.attempts; i++)
      expect((await login(i % 2 === 0 ? web1 : web2, `wrong ${i}`)).status).toBe(401);
    // Each process alone has seen only half of the failures; together they are at the limit.
    for (const web of [web1, web2]) {
      const refused = await login(web, user.password);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({ message: ErrorMessages.rateLimited, code: 'rateLimited' });
    }
  });

  it('sweeps once across the workers: each expired job is removed by one of them, with its result', async () => {
    const bucket = new S3Storage(createS3Client(s3Settings()), s3Settings().bucket, path.join(work, 'tmp'));
    const stored = (key: string) =>
      bucket.size(key).then(
        () => true,
        () => false,
      );
    const client = new pg.Client({ connectionString: database?.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ input_blob: string; output_blob: string }>(
        'select input_blob, output_blob from compression_jobs where id = $1',
        [photoJob.jobId],
      );
      // The upload went when its result was stored; the result stays until the job expires.
      const blobs = [rows[0]?.input_blob, rows[0]?.output_blob].filter((key): key is string => Boolean(key));
      expect(blobs).toHaveLength(1);
      for (const key of blobs) expect(await stored(key)).toBe(true);
      // Enough expired records that a pass takes a while: two workers sweeping them together would both count some.
      const planted = 300;
      await client.query(
        `insert into compression_jobs (status, level, file_name, input_format, original_size, expires_at)
         select 'completed', 'balanced', 'old-' || n || '.jpg', 'jpg', 1000, now() - interval '2 days' from generate_series(1, $1::int) n`,
        [planted],
      );
      await client.query(`update compression_jobs set expires_at = now() - interval '1 hour' where id = $1`, [photoJob.jobId]);
      await until(
        'the sweepers to remove the expired jobs',
        async () => {
          const { rows: left } = await client.query<{ n: number }>(
            'select count(*)::int as n from compression_jobs where expires_at < now()',
          );
          return left[0]?.n === 0;
        },
        60_000,
      );
      // The result is gone from the bucket, and its link with it.
      for (const key of blobs) expect(await stored(key)).toBe(false);
      expect((await fetch(on(web1, photoJob.temporaryUrl as string))).status).toBe(404);
      await new Promise((r) => setTimeout(r, 1500));
      const removed = fleet!.workers.flatMap((w) =>
        w
          .lines()
          .filter((l) => l.msg === 'sweeper removed expired files')
          .map((l) => Number(l.jobs ?? 0)),
      );
      expect(removed.reduce((a, b) => a + b, 0)).toBe(planted + 1);
    } finally {
      await client.end();
    }
  }, 90_000);

  it('a worker killed with SIGKILL in the middle of a job: the other worker finishes it', async () => {
    const clip = path.join(work, 'clip.mp4');
    // Four seconds of grainy video at a high bit rate: its compression lasts several seconds.
    await makeTestVideo(clip, { size: '320x180', seconds: 4, grain: 12, crf: 16 });
    const answer = await compress(web1, clip, 'clip.mp4');
    const workers = fleet!.workers;
    const busy = await until('a worker to start the video', async () => workers.find((w) => runsFfmpeg(w.pid)), 60_000);
    const running = await jobOn(web2, answer.jobId);
    expect(running.status).toBe('processing');
    await busy.kill('SIGKILL');
    const job = await finished(web2, answer.jobId, 150_000);
    expect(job.compressedSize).toBeLessThan((await stat(clip)).size);
    const _other = workers.find((w) => w !== busy) as FleetProcess;
    expect(runsFfmpeg(busy.pid)).toBe(false);
    const video = await expectRangeDownload(web1, job);
    expect(video.subarray(4, 8).toString('latin1')).toBe('ftyp');
  }, 200_000);

  it('a file whose job took two workers down in turn is not tried on a third: it fails with the reason', async () => {
    const clip = path.join(work, 'clip-twice.mp4');
    // Other bytes than the clip above, so that no worker answers from its result cache without running ffmpeg.
    await makeTestVideo(clip, { size: '320x180', seconds: 4, grain: 14, crf: 15 });
    // The worker left by the test above, and one more: the job goes to one of them, then to the other.
    await fleet!.addWorker();
    const answer = await compress(web2, clip, 'clip-twice.mp4');
    for (let death = 1; death <= 2; death++) {
      const busy = await until(
        `a worker to start the video (start ${death})`,
        async () => fleet!.workers.find((w) => runsFfmpeg(w.pid)),
        90_000,
      );
      await busy.kill('SIGKILL');
    }
    // A fresh worker takes the job over from the second dead one, and gives it up instead of running it.
    const third = await fleet!.addWorker();
    const job = await until(
      'the job to end',
      async () => {
        const seen = await jobOn(web1, answer.jobId);
        return (seen.status === 'failed' || seen.status === 'completed') && seen;
      },
      90_000,
    );
    expect(job).toMatchObject({ status: 'failed', error: stoppedTooOftenMessage('Compression') });
    expect(runsFfmpeg(third.pid)).toBe(false);
    const client = new pg.Client({ connectionString: database?.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ attempts: number }>('select attempts from compression_jobs where id = $1', [
        answer.jobId,
      ]);
      expect(rows[0]?.attempts).toBe(3);
    } finally {
      await client.end();
    }
  }, 240_000);
});
