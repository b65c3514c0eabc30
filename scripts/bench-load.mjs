#!/usr/bin/env node
// npm run bench:load [-- --concurrency 20] [--after-seconds 60] [--photo FILE]
// Starts the built server, warms it with one compression, then sends N compressions of a 1.5 MB photo at once and
// prints: completion time p50/p95, /api/health latency p50/p95/max sampled every 100 ms during the load, and the
// server's resident memory before, at its peak and N seconds after the load.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '20' },
    'after-seconds': { type: 'string', default: '60' },
    photo: { type: 'string' },
  },
});
const concurrency = Number(values.concurrency);
const afterSeconds = Number(values['after-seconds']);

const work = await mkdtemp(path.join(tmpdir(), 'shrinkly-load-'));
/** A 1.5 MB photo-like JPEG (gradients and fine noise), unless one is given. */
async function photo() {
  if (values.photo) return readFile(values.photo);
  const width = 2400;
  const height = 1600;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const px = Math.floor(i / 3);
    raw[i] = ((px % width) * 160) / width + (Math.floor(px / width) * 40) / height + (seed & 63);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 94 })
    .toBuffer();
}
const jpeg = await photo();

const port = await new Promise((resolve) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = srv.address();
    srv.close(() => resolve(p));
  });
});
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
  cwd: root,
  env: {
    MALLOC_ARENA_MAX: '2',
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, 'data'),
    APP_URL: baseUrl,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SMTP_URL: '',
    PAYMENT_SANDBOX_DEMO: 'true',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const rssMb = () => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};
while (
  !(await fetch(`${baseUrl}/api/health`).then(
    (r) => r.ok,
    () => false,
  ))
) {
  if (server.exitCode !== null) throw new Error('the server did not start');
  await new Promise((r) => setTimeout(r, 250));
}

/** One compression, followed to its end; resolves with its time in ms. */
async function compressOnce() {
  const started = Date.now();
  const body = new FormData();
  body.set('compressionLevel', 'balanced');
  body.set('file', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
  const answer = await (await fetch(`${baseUrl}/api/compress`, { method: 'POST', body })).json();
  let status = answer.status;
  while (status === 'queued' || status === 'processing') {
    await new Promise((r) => setTimeout(r, 200));
    status = (await (await fetch(`${baseUrl}/api/compression-job/${answer.jobId}`)).json()).status;
  }
  if (status !== 'completed') throw new Error(`a compression ended ${status}`);
  return Date.now() - started;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

await compressOnce();
await new Promise((r) => setTimeout(r, 2000));
const before = rssMb();
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, rssMb());
}, 100);
const health = [];
let loading = true;
const prober = (async () => {
  while (loading) {
    const t = performance.now();
    await fetch(`${baseUrl}/api/health`).then((r) => r.arrayBuffer());
    health.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 100));
  }
})();
const started = Date.now();
const times = await Promise.all(Array.from({ length: concurrency }, () => compressOnce()));
const wall = Date.now() - started;
loading = false;
await prober;
await new Promise((r) => setTimeout(r, afterSeconds * 1000));
clearInterval(sampler);
const after = rssMb();
server.kill('SIGTERM');
await rm(work, { recursive: true, force: true });

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const ms = (v) => `${v.toFixed(0)} ms`;
console.log(
  `[bench:load] ${concurrency} concurrent compressions of a ${(jpeg.length / 1024 / 1024).toFixed(2)} MB JPEG at balanced, all done in ${s(wall)}`,
);
console.log(`  completion       p50 ${s(percentile(times, 50))}   p95 ${s(percentile(times, 95))}`);
console.log(
  `  /api/health      p50 ${ms(percentile(health, 50))}   p95 ${ms(percentile(health, 95))}   max ${ms(Math.max(...health))}   (${health.length} probes)`,
);
console.log(
  `  server RSS       before ${before.toFixed(0)} MB   peak ${peak.toFixed(0)} MB   ${afterSeconds} s after ${after.toFixed(0)} MB`,
);
