// The built server (`server/dist/main.js`, as `npm start` serves it) in a process of its own, on a free port with a
// data folder of its own and the embedded database. Used by the browser tests, the fuzzer and the upload benchmark.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A TCP port free on 127.0.0.1 at the time of asking. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Runs a built entry point of the server (`server/dist/<entry>`) with the embedded database and no mail server, `env`
 * added to its environment. `output()` is what it printed so far (nothing with `inheritOutput`, which prints it).
 */
export function launchBuilt(entry, env, { inheritOutput = false } = {}) {
  const file = path.join(root, 'server/dist', entry);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  let output = '';
  const child = spawn(process.execPath, [file], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', SMTP_URL: '', ...env },
    stdio: inheritOutput ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c) => (output += c.toString()));
  child.stderr?.on('data', (c) => (output += c.toString()));
  return { child, output: () => output };
}

/**
 * Starts the built server with `env` added to its environment and resolves once /api/health answers. It rejects, with
 * what the server printed, if the server exits or is not healthy within two minutes (a loaded machine starts it
 * slowly). `inheritOutput` prints the server's output as it comes instead of keeping it for `output()`.
 */
export async function startBuiltServer({ env = {}, dataDirPrefix = 'shrinkly-server-', inheritOutput = false } = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), dataDirPrefix));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { child, output } = launchBuilt(
    'main.js',
    { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, APP_URL: baseUrl, LOG_LEVEL: 'warn', ...env },
    { inheritOutput },
  );
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const server = {
    baseUrl,
    dataDir,
    pid: child.pid,
    exited,
    output,
    async stop() {
      if (!exited()) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitForHealth(baseUrl, exited, output);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function waitForHealth(baseUrl, exited, output) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`the server exited:\n${output()}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not become healthy:\n${output()}`);
}
