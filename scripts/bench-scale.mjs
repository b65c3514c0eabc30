#!/usr/bin/env node
// npm run bench:scale [-- --jobs 16] [--worker-concurrency 1] [--cores-per-worker 1]
// The scale-out deployment on this machine (scripts/fleet/): two web processes of the built server on PostgreSQL,
// Redis and an S3 test server, first with one worker process, then with two. Each round sends N compressions of
// distinct ~6 MP photos at once, spread over both web processes, and prints the jobs per minute of each round and
// their ratio, with /api/health latency p50/p95 on the web processes while the workers are saturated.
// PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), where a
// database of its own is created and dropped; Redis: TEST_REDIS_URL (default redis://127.0.0.1:6379), under a key
// prefix of its own, removed afterwards.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createDatabase, redisNamespace, startFleet, startS3 } from './fleet/fleet.mjs';

const { values } = parseArgs({
  options: { jobs: { type: 'string', default: '16' }, 'worker-concurrency': { type: 'string', default: '1' }, 'cores-per-worker': { type: 'string', default: '1' } },
});
const jobs = Number(values.jobs);
const workerConcurrency = values['worker-concurrency'];
// Each worker gets the CPU budget of one machine of that many cores (ENGINE_CPU_SLOTS), so two workers on this machine
// stand for two machines: without it one worker's parallel trials already use every core here.
const coresPerWorker = values['cores-per-worker'];
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A 3000 × 2000 photo-like JPEG (gradients and fine noise); each seed gives other bytes, so no result is reused. */
function photo(seed) {
  const width = 3000;
  const height = 2000;
  const raw = Buffer.alloc(width * height * 3);
  let s = seed;
  for (let i = 0; i < raw.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const px = Math.floor(i / 3);
    raw[i] = ((px % width) * 160) / width + (Math.floor(px / width) * 40) / height + (s & 31) + (i % 3) * 20;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 94 }).toBuffer();
}

const percentile = (list, p) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** One compression sent to `web`, followed to its end there. */
async function compressOn(web, jpeg, name) {
  const body = new FormData();
  body.set('compressionLevel', 'balanced');
  body.set('file', new Blob([jpeg], { type: 'image/jpeg' }), name);
  const answer = await (await fetch(`${web.url}/api/compress`, { method: 'POST', body })).json();
  let status = answer.status;
  while (status === 'queued' || status === 'processing') {
    await new Promise((r) => setTimeout(r, 250));
    status = (await (await fetch(`${web.url}/api/compression-job/${answer.jobId}`)).json()).status;
  }
  if (status !== 'completed') throw new Error(`a compression ended ${status}`);
}

/** GET /api/health on every web process in turn, every 100 ms, until `stop()`; resolves with the latencies in ms. */
function probeHealth(webs) {
  const latencies = [];
  let running = true;
  const done = (async () => {
    for (let i = 0; running; i++) {
      const web = webs[i % webs.length];
      const started = performance.now();
      await fetch(`${web.url}/api/health`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    running = false;
    await done;
    return latencies;
  };
}

/** N compressions at once over the web processes: jobs per minute, and health latency while they ran. */
/** CPU seconds a process and its finished children have used so far (Linux /proc; 0 elsewhere). */
async function cpuSeconds(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // The fields after the command name (which may hold spaces): utime, stime, cutime, cstime are 14-17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0);
  return ticks / 100;
}

const workersCpu = async (fleet) => (await Promise.all(fleet.workers.map((w) => cpuSeconds(w.pid)))).reduce((a, b) => a + b, 0);

async function round(fleet, photos) {
  const stop = probeHealth(fleet.webs);
  const cpuBefore = await workersCpu(fleet);
  const started = Date.now();
  await Promise.all(photos.map((jpeg, i) => compressOn(fleet.webs[i % fleet.webs.length], jpeg, `photo-${i}.jpg`)));
  const seconds = (Date.now() - started) / 1000;
  const cores = ((await workersCpu(fleet)) - cpuBefore) / seconds;
  const health = await stop();
  return { seconds, perMinute: (photos.length / seconds) * 60, cores, health };
}

const work = await mkdtemp(path.join(tmpdir(), 'shrinkly-bench-scale-'));
const database = await createDatabase(postgresUrl);
const redis = await redisNamespace(redisUrl);
const s3 = await startS3(path.join(work, 's3'));
let fleet;
try {
  console.log(`[bench:scale] generating ${2 * jobs + 1} photos of 3000 × 2000`);
  const photos = await Promise.all(Array.from({ length: 2 * jobs + 1 }, (_, i) => photo(i + 1)));
  fleet = await startFleet({
    webs: 2,
    workers: 1,
    env: { DATABASE_URL: database.url, ...redis.env, ...s3.env, COMPRESS_SYNC_WAIT_MS: '0' },
    workerEnv: { WORKER_CONCURRENCY: workerConcurrency, ENGINE_CPU_SLOTS: coresPerWorker },
  });
  await compressOn(fleet.webs[0], photos[0], 'warm-up.jpg');
  const idle = probeHealth(fleet.webs);
  await new Promise((r) => setTimeout(r, 3000));
  const idleHealth = await idle();
  const one = await round(fleet, photos.slice(1, jobs + 1));
  await fleet.addWorker();
  const two = await round(fleet, photos.slice(jobs + 1));

  const ms = (v) => `${v.toFixed(0)} ms`.padStart(7);
  const megabytes = (photos.reduce((sum, p) => sum + p.length, 0) / photos.length / 1024 / 1024).toFixed(1);
  console.log(`[bench:scale] ${jobs} compressions of distinct 6 MP JPEGs (${megabytes} MB on average) at balanced, per round;`);
  console.log(`  2 web processes, WORKER_CONCURRENCY=${workerConcurrency} and ENGINE_CPU_SLOTS=${coresPerWorker} per worker, PostgreSQL + Redis + S3 (s3rver) on this machine`);
  for (const [label, r] of [['1 worker ', one], ['2 workers', two]]) {
    console.log(`  ${label}  ${r.perMinute.toFixed(1).padStart(6)} jobs/min  (${r.seconds.toFixed(1)} s)   workers used ${r.cores.toFixed(2)} cores: ${(r.perMinute / r.cores).toFixed(1)} jobs/min per core   /api/health p50 ${ms(percentile(r.health, 50))}  p95 ${ms(percentile(r.health, 95))}  (${r.health.length} probes)`);
  }
  console.log(`  ratio 2 workers / 1 worker: ${(two.perMinute / one.perMinute).toFixed(2)} (cores used ${(two.cores / one.cores).toFixed(2)}×, of ${availableParallelism()} on this machine)`);
  console.log(`  /api/health with idle workers: p50 ${ms(percentile(idleHealth, 50))}  p95 ${ms(percentile(idleHealth, 95))}`);
} finally {
  await fleet?.stop();
  await s3.close();
  await redis.clean();
  await database.drop();
  await rm(work, { recursive: true, force: true });
}
