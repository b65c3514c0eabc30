import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The built server running in a process of its own. */
export interface AppServer {
  baseUrl: string;
  dataDir: string;
  /** Stops the process and removes its data folder. */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/**
 * Starts the built server (as `npm start` serves it) on a free port with its own data folder and embedded database,
 * `env` added to the environment (a payment provider and its keys, for instance).
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const entry = path.join(root, 'server/dist/main.js');
  if (!existsSync(entry) || !existsSync(path.join(root, 'renderer/dist/index.html'))) {
    throw new Error('The browser tests need the build: run `npm test` (or `npm run build`) first.');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shrinkly-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: baseUrl,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      PAYMENT_SANDBOX_DEMO: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  await waitForHealth(baseUrl, child, () => output);
  return {
    baseUrl,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
