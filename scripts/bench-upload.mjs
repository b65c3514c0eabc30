#!/usr/bin/env node
// npm run bench:upload [-- --size-mb 1024]
// Starts the built server on a temporary data folder, uploads one large file to it directly (POST /api/compress)
// and in 1 MB chunks (upload-chunk + assemble-chunks), and prints the speed of each beside a plain copy of the
// same file on the same disk, with the server's peak RSS growth during each upload. Needs `npm run build` first.
// The file is a ZIP of 100 MB or more, so a visitor's upload stops at "payment required": what is measured is
// the upload path itself, not compression.
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { startBuiltServer } from './built-server.mjs';
import { makeStoredZip } from './fixtures/stored-zip.mjs';

const sizeArg = process.argv.indexOf('--size-mb');
const sizeMb = sizeArg > 0 ? Number(process.argv[sizeArg + 1]) : 1024;
const CHUNK = 1024 * 1024;

async function rssKb(pid, field) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}

/** Runs `fn` and reports its seconds and the server's peak RSS growth (VmHWM reset through clear_refs). */
async function measure(pid, fn) {
  await writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => {});
  const before = await rssKb(pid, 'VmRSS');
  const started = performance.now();
  await fn();
  const seconds = (performance.now() - started) / 1000;
  const peak = await rssKb(pid, 'VmHWM');
  return { seconds, rssGrowthMb: Math.max(0, peak - before) / 1024 };
}

const work = await mkdtemp(path.join(tmpdir(), 'shrinkly-bench-upload-'));
const file = path.join(work, 'upload.zip');
const server = await startBuiltServer({
  env: { PAYMENT_SANDBOX_DEMO: 'true' },
  dataDirPrefix: 'shrinkly-bench-upload-data-',
  inheritOutput: true,
});
const base = server.baseUrl;
try {
  await makeStoredZip(file, sizeMb * CHUNK);
  const bytes = (await stat(file)).size;
  const mb = bytes / CHUNK;

  const copy = await measure(server.pid, async () => {
    await pipeline(createReadStream(file), createWriteStream(path.join(work, 'copy.zip')));
  });
  await rm(path.join(work, 'copy.zip'));

  const direct = await measure(server.pid, async () => {
    const form = new FormData();
    form.set('compressionLevel', 'balanced');
    form.set('file', await openAsBlob(file), 'upload.zip');
    const res = await fetch(`${base}/api/compress`, { method: 'POST', body: form });
    const body = await res.json();
    if (body.status !== 'payment_required') throw new Error(`direct upload: ${res.status} ${JSON.stringify(body)}`);
  });

  const chunked = await measure(server.pid, async () => {
    const handle = await open(file, 'r');
    const total = Math.ceil(bytes / CHUNK);
    const buffer = Buffer.alloc(CHUNK);
    for (let i = 0; i < total; i++) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, i * CHUNK);
      const form = new FormData();
      for (const [k, v] of Object.entries({
        uploadId: 'bench-upload',
        chunkIndex: i,
        totalChunks: total,
        fileName: 'upload.zip',
        fileSize: bytes,
      }))
        form.set(k, String(v));
      form.set('chunk', new Blob([buffer.subarray(0, bytesRead)]), 'blob');
      const res = await fetch(`${base}/api/upload-chunk`, { method: 'POST', body: form });
      if (!res.ok) throw new Error(`chunk ${i}: ${res.status} ${await res.text()}`);
    }
    await handle.close();
    const res = await fetch(`${base}/api/assemble-chunks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        uploadId: 'bench-upload',
        totalChunks: total,
        fileName: 'upload.zip',
        fileSize: bytes,
        compressionLevel: 'balanced',
      }),
    });
    const body = await res.json();
    if (body.status !== 'payment_required') throw new Error(`assembly: ${res.status} ${JSON.stringify(body)}`);
  });

  const row = (name, m) =>
    `${name.padEnd(22)} ${(mb / m.seconds).toFixed(1).padStart(8)} MB/s ${m.seconds.toFixed(2).padStart(8)} s   server peak RSS growth ${m.rssGrowthMb.toFixed(1)} MB`;
  console.log(`file: ${mb.toFixed(0)} MB`);
  console.log(row('disk copy (reference)', copy));
  console.log(row('direct upload', direct));
  console.log(row('chunked upload (1 MB)', chunked));
  console.log(
    `direct: ${(direct.seconds / copy.seconds).toFixed(2)}× the copy time; chunked: ${(chunked.seconds / copy.seconds).toFixed(2)}×`,
  );
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
