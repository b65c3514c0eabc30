// A scale-out deployment on one machine, from the built server: web processes (`server/dist/main.js` with the worker
// part off) and worker processes (`server/dist/worker.main.js`), all on one PostgreSQL database, one Redis key space
// and one S3 bucket, each with a data folder of its own. Used by the fleet test and by `npm run bench:scale`.
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../built-server.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const entries = { web: path.join(root, 'server/dist/main.js'), worker: path.join(root, 'server/dist/worker.main.js') };

export { freePort };

async function until(what, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A fresh PostgreSQL database on the server at `serverUrl` (any database of it), dropped by `drop()`. */
export async function createDatabase(serverUrl) {
  const { default: pg } = await import('pg');
  const name = `shrinkly_fleet_${randomBytes(6).toString('hex')}`;
  const run = async (statement) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * An S3-compatible server (s3rver, in a process of its own: the test suite's `server/test/s3-server.process.mjs`) on
 * a free port with one empty bucket, its objects under `directory`. The test suites start theirs here too.
 */
export async function startS3(directory, bucket = 'shrinkly-fleet') {
  const child = fork(path.join(root, 'server/test/s3-server.process.mjs'), [directory, bucket], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [{ port }] = await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`the S3 test server exited with ${code} before listening`))),
  ]);
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    pid: child.pid,
    /** What every process of the fleet is configured with (s3rver checks signatures made with its one key pair). */
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
    },
  };
}

/**
 * A key space of its own on the Redis server at `serverUrl`: every key the fleet writes starts with `prefix`, and
 * `clean()` removes those keys only.
 */
export async function redisNamespace(serverUrl) {
  const { Redis } = await import('ioredis');
  const prefix = `shrinkly-fleet-${randomBytes(4).toString('hex')}`;
  return {
    prefix,
    env: { REDIS_URL: serverUrl, REDIS_PREFIX: prefix },
    async clean() {
      const redis = new Redis(serverUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await redis.connect();
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
          if (keys.length > 0) await redis.unlink(...keys);
          cursor = next;
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    },
  };
}

/**
 * One process of the fleet. `lines()` parses what it logged (pino's JSON lines; other output is skipped), `kill`
 * signals it and waits for its exit.
 */
function launch(role, name, env) {
  let output = '';
  const child = spawn(process.execPath, [entries[role]], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (c) => (output += c.toString()));
  child.stderr.on('data', (c) => (output += c.toString()));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return {
    role,
    name,
    pid: child.pid,
    child,
    exited,
    output: () => output,
    lines: () =>
      output.split('\n').flatMap((line) => {
        if (!line.startsWith('{')) return [];
        try {
          return [JSON.parse(line)];
        } catch {
          return [];
        }
      }),
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

async function ready(proc, url) {
  const failed = () => {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited with ${proc.child.exitCode}:\n${proc.output()}`);
  };
  if (url) {
    await until(
      `${proc.name} to answer /api/health`,
      async () => {
        failed();
        return fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
      },
      90_000,
    );
  } else {
    await until(
      `${proc.name} to start`,
      () => {
        failed();
        return proc.output().includes('Shrinkly worker is running');
      },
      90_000,
    );
  }
}

/**
 * Starts `webs` web processes and `workers` worker processes of the built server at once, on the shared services
 * `env` names (DATABASE_URL, REDIS_URL, the S3 variables...). Each process gets its own port (web) and data folder.
 * `workerEnv` adds settings to the workers only. A worker is ready when it logs that it runs: `logLevel` keeps `info`.
 */
export async function startFleet({ webs, workers, env, workerEnv = {}, logLevel = 'info' }) {
  if (!existsSync(entries.web) || !existsSync(entries.worker))
    throw new Error('The fleet runs the built server: run `npm run build` first.');
  const dataRoot = await mkdtemp(path.join(tmpdir(), 'shrinkly-fleet-'));
  // One secret for all: a token or signed link one web process gives out is checked by another.
  const shared = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: logLevel,
    SMTP_URL: '',
    MALLOC_ARENA_MAX: '2',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...env,
  };
  const start = async (role, index, extra) => {
    const name = `${role} ${index + 1}`;
    const dataDir = path.join(dataRoot, `${role}-${index + 1}`);
    await mkdir(dataDir);
    const port = role === 'web' ? await freePort() : 0;
    const url = role === 'web' ? `http://127.0.0.1:${port}` : undefined;
    const proc = launch(role, name, {
      ...shared,
      ...extra,
      DATA_DIR: dataDir,
      PORT: String(port),
      ...(url ? { APP_URL: url, RUN_WORKER: 'false' } : {}),
    });
    // biome-ignore lint/nursery/noMisusedPromises: launch answers a plain object (its `exited` field is the promise)
    return { ...proc, url, dataDir };
  };
  const all = await Promise.all([
    ...Array.from({ length: webs }, (_, i) => start('web', i, {})),
    ...Array.from({ length: workers }, (_, i) => start('worker', i, workerEnv)),
  ]);
  const fleet = {
    webs: all.filter((p) => p.role === 'web'),
    workers: all.filter((p) => p.role === 'worker'),
    /** Starts one more worker on the same services. */
    addWorker: async (extra = {}) => {
      const proc = await start('worker', fleet.workers.length, { ...workerEnv, ...extra });
      fleet.workers.push(proc);
      await ready(proc);
      return proc;
    },
    async stop() {
      await Promise.all([...fleet.webs, ...fleet.workers].map((p) => p.kill('SIGTERM')));
      await rm(dataRoot, { recursive: true, force: true });
    },
  };
  try {
    await Promise.all(all.map((p) => ready(p, p.url)));
  } catch (err) {
    await fleet.stop();
    throw err;
  }
  return fleet;
}
