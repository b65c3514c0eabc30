#!/usr/bin/env node
// npm run bench:upload [-- --size-mb 1024]
// Starts the built server on a temporary data folder, uploads one large file to it directly (POST /api/compress)
// and in 1 MB chunks (upload-chunk + assemble-chunks), and prints the speed of each beside a plain copy of the
// same file on the same disk, with the server's peak RSS growth during each upload. Needs `npm run build` first.
// The file is a ZIP of 100 MB or more, so a visitor's upload stops at "payment required": what is measured is
// the upload path itself, not compression.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sizeArg = process.argv.indexOf('--size-mb');
const sizeMb = sizeArg > 0 ? Number(process.argv[sizeArg + 1]) : 1024;
const CHUNK = 1024 * 1024;

async function freePort() {
  const srv = createServer();
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address();
  await new Promise((r) => srv.close(r));
  return port;
}

/** A STORED zip with one member of `mb` MiB of numbered text lines. */
async function makeZip(file, mb) {
  const lines = [];
  for (let i = 0; lines.join('').length < CHUNK; i++)
    lines.push(`line ${String(i).padStart(8, '0')} of the upload benchmark file\n`);
  const block = Buffer.from(lines.join('')).subarray(0, CHUNK);
  const size = mb * CHUNK;
  let crc = 0;
  for (let i = 0; i < mb; i++) crc = crc32(block, crc);
  const name = Buffer.from('data.txt');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(size, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(size, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + size, 16);
  const out = createWriteStream(file);
  out.write(Buffer.concat([local, name]));
  for (let i = 0; i < mb; i++) if (!out.write(block)) await once(out, 'drain');
  out.end(Buffer.concat([central, name, end]));
  await once(out, 'finish');
}

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
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: base,
    DATA_DIR: path.join(work, 'data'),
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    PAYMENT_SANDBOX_DEMO: 'true',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 250));
  }
  await makeZip(file, sizeMb);
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
  server.kill('SIGTERM');
  await once(server, 'exit').catch(() => {});
  await rm(work, { recursive: true, force: true });
}
