#!/usr/bin/env node
// npm run bench:scale [-- --jobs 32] [--worker-concurrency 1] [--cores-per-worker 1] [--worker-cpu auto|none|<cores>]
// The scale-out deployment on this machine (scripts/fleet/): two web processes of the built server on PostgreSQL,
// Redis and an S3 test server, first with one worker process, then with two. Each round sends N compressions of
// distinct ~6 MP photos at once, spread over both web processes, and prints the jobs per minute of each round and
// their ratio, with /api/health latency p50/p95 on the web processes while the workers are saturated, and where the
// machine's CPU went (workers, web processes, the S3 server, this script, the rest).
// Two workers on one machine share its cores with everything else, so on a small machine the second worker could only
// have what the first one and the web processes leave. To measure how the fleet scales rather than how big this
// machine is, each worker is held to a CPU quota of its own (`--worker-cpu`, a cgroup: scripts/fleet/cpu-cap.mjs), as
// if it ran on a machine of that size. `auto` is `--cores-per-worker`, less what two workers would leave too little
// of here: 0.4 core is kept for the web processes, PostgreSQL, Redis, the S3 server and this script (they use about
// 0.25 of it when the workers are saturated). `none` leaves the workers unbounded.
// PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), where a
// database of its own is created and dropped; Redis: TEST_REDIS_URL (default redis://127.0.0.1:6379), under a key
// prefix of its own, removed afterwards.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { capCpu } from './fleet/cpu-cap.mjs';
import { createDatabase, redisNamespace, startFleet, startS3 } from './fleet/fleet.mjs';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '32' },
    'worker-concurrency': { type: 'string', default: '1' },
    'cores-per-worker': { type: 'string', default: '1' },
    'worker-cpu': { type: 'string', default: 'auto' },
  },
});
const jobs = Number(values.jobs);
const workerConcurrency = values['worker-concurrency'];
// Each worker gets the CPU budget of one machine of that many cores (ENGINE_CPU_SLOTS), so two workers on this machine
// stand for two machines: without it one worker's parallel trials already use every core here.
const coresPerWorker = values['cores-per-worker'];
const RESERVED_CORES = 0.4;
const workerCpu =
  values['worker-cpu'] === 'none'
    ? undefined
    : values['worker-cpu'] === 'auto'
      ? Math.min(Number(coresPerWorker), (availableParallelism() - RESERVED_CORES) / 2)
      : Number(values['worker-cpu']);
if (workerCpu !== undefined && !(workerCpu > 0)) throw new Error('--worker-cpu is auto, none or a number of cores above 0');
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
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 94 })
    .toBuffer();
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
    // As often as the site asks (renderer/src/transfer/transfer-timing.ts): more often only loads the web processes.
    await new Promise((r) => setTimeout(r, 1000));
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

/** CPU seconds the whole machine has spent busy so far (all cores; /proc/stat's first line less idle and iowait). */
async function machineBusySeconds() {
  const line = (await readFile('/proc/stat', 'utf8').catch(() => 'cpu 0')).split('\n')[0];
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const [idle = 0, iowait = 0] = [ticks[3], ticks[4]];
  return (ticks.slice(0, 8).reduce((a, b) => a + b, 0) - idle - iowait) / 100;
}

const sumCpu = async (pids) => (await Promise.all(pids.map(cpuSeconds))).reduce((a, b) => a + b, 0);

/** CPU seconds used so far by the workers, the web processes, the S3 server, this script and the machine as a whole. */
const cpuReading = async (fleet, s3) => ({
  workers: await sumCpu(fleet.workers.map((w) => w.pid)),
  webs: await sumCpu(fleet.webs.map((w) => w.pid)),
  s3: await cpuSeconds(s3.pid),
  bench: await cpuSeconds(process.pid),
  machine: await machineBusySeconds(),
});

async function round(fleet, s3, photos) {
  const stop = probeHealth(fleet.webs);
  const before = await cpuReading(fleet, s3);
  const started = Date.now();
  await Promise.all(photos.map((jpeg, i) => compressOn(fleet.webs[i % fleet.webs.length], jpeg, `photo-${i}.jpg`)));
  const seconds = (Date.now() - started) / 1000;
  const after = await cpuReading(fleet, s3);
  const used = Object.fromEntries(Object.keys(after).map((k) => [k, (after[k] - before[k]) / seconds]));
  const health = await stop();
  return { seconds, perMinute: (photos.length / seconds) * 60, cores: used.workers, used, health };
}

const work = await mkdtemp(path.join(tmpdir(), 'shrinkly-bench-scale-'));
const database = await createDatabase(postgresUrl);
const redis = await redisNamespace(redisUrl);
const s3 = await startS3(path.join(work, 's3'));
let fleet;
const caps = [];
/** Holds a worker to its quota; the first refusal is reported once and the run goes on unbounded. */
let capRefused;
async function cap(worker) {
  if (workerCpu === undefined || capRefused) return;
  // Worker i gets CPUs of its own where the machine has enough of them (its quota rounded up), else shares them all.
  const each = Math.ceil(workerCpu);
  const first = caps.length * each;
  const cpus = first + each <= availableParallelism() ? (each === 1 ? `${first}` : `${first}-${first + each - 1}`) : undefined;
  const result = await capCpu(worker.pid, workerCpu, cpus);
  if (result.reason) capRefused = result.reason;
  else caps.push(result);
}
try {
  console.log(`[bench:scale] generating ${2 * jobs + 1} photos of 3000 × 2000`);
  const photos = await Promise.all(Array.from({ length: 2 * jobs + 1 }, (_, i) => photo(i + 1)));
  fleet = await startFleet({
    webs: 2,
    workers: 1,
    env: { DATABASE_URL: database.url, ...redis.env, ...s3.env, COMPRESS_SYNC_WAIT_MS: '0' },
    workerEnv: { WORKER_CONCURRENCY: workerConcurrency, ENGINE_CPU_SLOTS: coresPerWorker },
  });
  await cap(fleet.workers[0]);
  await compressOn(fleet.webs[0], photos[0], 'warm-up.jpg');
  const idle = probeHealth(fleet.webs);
  await new Promise((r) => setTimeout(r, 3000));
  const idleHealth = await idle();
  const one = await round(fleet, s3, photos.slice(1, jobs + 1));
  await cap(await fleet.addWorker());
  const two = await round(fleet, s3, photos.slice(jobs + 1));

  const ms = (v) => `${v.toFixed(0)} ms`.padStart(7);
  const megabytes = (photos.reduce((sum, p) => sum + p.length, 0) / photos.length / 1024 / 1024).toFixed(1);
  console.log(`[bench:scale] ${jobs} compressions of distinct 6 MP JPEGs (${megabytes} MB on average) at balanced, per round;`);
  console.log(
    `  2 web processes, WORKER_CONCURRENCY=${workerConcurrency} and ENGINE_CPU_SLOTS=${coresPerWorker} per worker, PostgreSQL + Redis + S3 (s3rver) on this machine`,
  );
  if (workerCpu === undefined)
    console.log("  workers not held to a CPU quota (--worker-cpu none): the second one shares the first one's machine");
  else if (capRefused)
    console.log(
      `  workers NOT held to ${workerCpu.toFixed(2)} cores each: ${capRefused}; the second one shares the first one's machine`,
    );
  else
    console.log(
      `  each worker held to ${workerCpu.toFixed(2)} cores (a cgroup CPU quota) on CPUs of its own, as on a machine of its own`,
    );
  for (const [label, r] of [
    ['1 worker ', one],
    ['2 workers', two],
  ]) {
    console.log(
      `  ${label}  ${r.perMinute.toFixed(1).padStart(6)} jobs/min  (${r.seconds.toFixed(1)} s)   workers used ${r.cores.toFixed(2)} cores: ${(r.perMinute / r.cores).toFixed(1)} jobs/min per core   /api/health p50 ${ms(percentile(r.health, 50))}  p95 ${ms(percentile(r.health, 95))}  (${r.health.length} probes)`,
    );
  }
  for (const [label, r] of [
    ['1 worker ', one],
    ['2 workers', two],
  ]) {
    const { workers, webs, s3: store, bench, machine } = r.used;
    const rest = machine - workers - webs - store - bench;
    console.log(
      `  ${label}  cores busy: machine ${machine.toFixed(2)} = workers ${workers.toFixed(2)} + web ${webs.toFixed(2)} + S3 server ${store.toFixed(2)} + this script ${bench.toFixed(2)} + other ${rest.toFixed(2)} (PostgreSQL, Redis...)`,
    );
  }
  console.log(
    `  ratio 2 workers / 1 worker: ${(two.perMinute / one.perMinute).toFixed(2)} (cores used ${(two.cores / one.cores).toFixed(2)}×, of ${availableParallelism()} on this machine)`,
  );
  console.log(`  /api/health with idle workers: p50 ${ms(percentile(idleHealth, 50))}  p95 ${ms(percentile(idleHealth, 95))}`);
} finally {
  await fleet?.stop();
  await Promise.all(caps.map((c) => c.release()));
  await s3.close();
  await redis.clean();
  await database.drop();
  await rm(work, { recursive: true, force: true });
}
