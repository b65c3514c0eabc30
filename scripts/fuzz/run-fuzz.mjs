// Sends mutated real files through every upload route of a running server and checks how it answers: never a 5xx,
// never a request or job past its budget, no temporary file left behind, a healthy server afterwards.
// Used by `npm run fuzz` (scripts/fuzz.mjs, against the built server) and by the short run in the test suite.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { mutate, prng } from './mutate.mjs';

export const ROUTES = ['compress', 'preview', 'chunked', 'files', 'batch', 'convert'];
const CHUNK = 1024 * 1024;
const LEVELS = ['light', 'balanced', 'maximum'];
const MIME = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  flv: 'video/x-flv',
  wmv: 'video/x-ms-wmv',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  zip: 'application/zip',
  '7z': 'application/x-7z-compressed',
  txt: 'text/plain',
};
const TEST_CARD = { cardholderName: 'Fuzz Tester', cardNumber: '4242 4242 4242 4242', expiryDate: '12/39', cvv: '123' };

/** The corpus files (every type we accept), smallest first, optionally only those up to `maxBytes`. */
export async function corpusFiles(dir, maxBytes = Infinity) {
  const files = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.(md|tsv)$/i.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    const { size } = await stat(full);
    if (size <= maxBytes) files.push({ path: full, name: entry.name, size });
  }
  return files.sort((a, b) => a.size - b.size || a.name.localeCompare(b.name));
}

/** Files (not folders) under `dir`, except the warm office's own folder, which lives as long as the server. */
async function tempFilesLeft(dir) {
  const left = [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !full.includes(`${path.sep}shrinkly-office-`)) left.push(path.relative(dir, full));
  }
  return left;
}

/**
 * Runs `count` mutated files, spread over every route in turn. Returns { seed, histogram: {route: {status: n}},
 * failures: [..], cases } — a failure names the route, file, mutation and what went wrong.
 */
export async function runFuzz({
  baseUrl,
  dataDir,
  corpusDir,
  count = 300,
  seed = Date.now() % 2 ** 31,
  maxFileBytes = Infinity,
  requestBudgetMs = 120_000,
  log = () => {},
}) {
  const random = prng(seed);
  const sources = await corpusFiles(corpusDir, maxFileBytes);
  if (sources.length === 0) throw new Error(`no corpus files in ${corpusDir}`);
  const histogram = Object.fromEntries(ROUTES.map((r) => [r, {}]));
  const failures = [];

  const call = async (pathname, init = {}, what) => {
    try {
      return await fetch(`${baseUrl}${pathname}`, { ...init, signal: AbortSignal.timeout(requestBudgetMs) });
    } catch (err) {
      failures.push(`${what}: ${pathname} did not answer within ${requestBudgetMs} ms (${err.name}: ${err.message})`);
      return undefined;
    }
  };
  const json = async (res) => (res ? res.json().catch(() => ({})) : {});

  const account = async (email, trial) => {
    const res = await call(
      '/api/auth/register',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Fuzz', email, password: 'fuzz-secret-1' }),
      },
      'register',
    );
    const { token } = await json(res);
    if (!token) throw new Error(`could not register ${email}: ${res?.status}`);
    if (trial) {
      const started = await call(
        '/api/subscription/setup-trial',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ creditCard: TEST_CARD }),
        },
        'trial',
      );
      if (!started?.ok) throw new Error(`could not start a trial: ${started?.status}`);
    }
    return token;
  };
  const user = await account(`fuzz-${seed}@example.com`, false);
  const trialUser = await account(`fuzz-trial-${seed}@example.com`, true);

  /** Follows a job to its end (or the budget): a job that never settles is a hang. */
  const follow = async (pathname, token, what) => {
    const deadline = Date.now() + requestBudgetMs;
    for (;;) {
      const res = await call(pathname, { headers: token ? { authorization: `Bearer ${token}` } : {} }, what);
      if (!res) return;
      if (res.status >= 500) return void failures.push(`${what}: ${pathname} answered ${res.status}`);
      const job = await json(res);
      if (!['queued', 'processing', 'uploading'].includes(job.status)) return;
      if (Date.now() > deadline)
        return void failures.push(`${what}: job ${pathname} still ${job.status} after ${requestBudgetMs} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const form = (fields, file, name, field = 'file') => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    body.set(field, new Blob([file]), name);
    return body;
  };

  const send = {
    async compress(file, name) {
      const res = await call(
        '/api/compress',
        { method: 'POST', body: form({ compressionLevel: LEVELS[Math.floor(random() * 3)] }, file, name) },
        'compress',
      );
      const body = await json(res?.clone());
      if (res && res.status < 500 && body.jobId && ['queued', 'processing'].includes(body.status))
        await follow(`/api/compression-job/${body.jobId}`, undefined, 'compress');
      return res;
    },
    preview: (file, name) => call('/api/compression-preview', { method: 'POST', body: form({}, file, name) }, 'preview'),
    async chunked(file, name) {
      const uploadId = `fuzz-${seed}-${Math.floor(random() * 1e9)}`;
      const total = Math.max(1, Math.ceil(file.length / CHUNK));
      let res;
      for (let i = 0; i < total; i++) {
        const fields = {
          uploadId,
          chunkIndex: String(i),
          totalChunks: String(total),
          fileName: name,
          fileSize: String(file.length),
        };
        res = await call(
          '/api/upload-chunk',
          { method: 'POST', body: form(fields, file.subarray(i * CHUNK, (i + 1) * CHUNK), 'blob', 'chunk') },
          'chunked',
        );
        if (!res?.ok) return res;
      }
      res = await call(
        '/api/assemble-chunks',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            uploadId,
            totalChunks: total,
            fileName: name,
            fileSize: file.length,
            compressionLevel: 'balanced',
          }),
        },
        'chunked',
      );
      const body = await json(res?.clone());
      if (res && res.status < 500 && body.jobId && ['queued', 'processing'].includes(body.status))
        await follow(`/api/compression-job/${body.jobId}`, undefined, 'chunked');
      return res;
    },
    async files(file, name) {
      const res = await call(
        '/api/files/upload',
        {
          method: 'POST',
          headers: { authorization: `Bearer ${user}` },
          body: form({ compressionLevel: 'balanced' }, file, name),
        },
        'files',
      );
      const body = await json(res?.clone());
      if (res?.status === 202 && body.jobId) await follow(`/api/compression-job/${body.jobId}`, user, 'files');
      return res;
    },
    async batch(file, name) {
      const opened = await call(
        '/api/files/batches',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${trialUser}` },
          body: JSON.stringify({ fileCount: 1 }),
        },
        'batch',
      );
      const { batchId } = await json(opened?.clone());
      if (!batchId) return opened;
      const res = await call(
        '/api/files/upload',
        {
          method: 'POST',
          headers: { authorization: `Bearer ${trialUser}` },
          body: form({ compressionLevel: 'maximum', batchId }, file, name),
        },
        'batch',
      );
      const body = await json(res?.clone());
      if (res?.status === 202 && body.jobId) await follow(`/api/compression-job/${body.jobId}`, trialUser, 'batch');
      return res;
    },
    async convert(file, name, sourceExt) {
      const formats = await json(
        await call(`/api/converter/formats/${encodeURIComponent(MIME[sourceExt] ?? 'application/octet-stream')}`, {}, 'convert'),
      );
      const targets = formats.formats ?? [];
      const targetFormat = targets.length > 0 ? targets[Math.floor(random() * targets.length)] : 'pdf';
      const res = await call('/api/converter/convert', { method: 'POST', body: form({ targetFormat }, file, name) }, 'convert');
      const body = await json(res?.clone());
      if (res?.status === 202 && body.jobId) await follow(`/api/converter/jobs/${body.jobId}`, undefined, 'convert');
      return res;
    },
  };

  const cases = [];
  for (let i = 0; i < count; i++) {
    const source = sources[Math.floor(random() * sources.length)];
    const route = ROUTES[i % ROUTES.length];
    const mutated = mutate(await readFile(source.path), source.name, random);
    const sourceExt = source.name.slice(source.name.lastIndexOf('.') + 1).toLowerCase();
    const started = Date.now();
    const res = await send[route](mutated.bytes, mutated.name, sourceExt);
    const status = res ? String(res.status) : 'no answer';
    histogram[route][status] = (histogram[route][status] ?? 0) + 1;
    const label = `#${i} ${route} ${source.name} (${mutated.kind} → ${mutated.name}, ${mutated.bytes.length} B)`;
    if (res && res.status >= 500) failures.push(`${label}: ${res.status} ${await res.text().catch(() => '')}`);
    cases.push({ route, source: source.name, kind: mutated.kind, status, ms: Date.now() - started });
    log(`${label}: ${status} in ${Date.now() - started} ms`);
  }

  // Jobs answered 200 or followed to their end have settled; give the last clean-ups a moment.
  let left = [];
  for (let tries = 0; tries < 40; tries++) {
    left = await tempFilesLeft(path.join(dataDir, 'tmp'));
    if (left.length === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  if (left.length > 0)
    failures.push(
      `temporary files left behind: ${left.slice(0, 10).join(', ')}${left.length > 10 ? ` and ${left.length - 10} more` : ''}`,
    );
  const health = await call('/api/health', {}, 'health');
  if (!health?.ok) failures.push(`/api/health answered ${health?.status ?? 'nothing'} after the run`);
  return { seed, histogram, failures, cases };
}

/** The histogram as aligned text lines. */
export function formatHistogram(histogram) {
  return Object.entries(histogram).map(([route, counts]) => {
    const parts = Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([s, n]) => `${s}×${n}`);
    return `  ${route.padEnd(9)} ${parts.join('  ')}`;
  });
}
