import { existsSync } from 'node:fs';
import path from 'node:path';
import { type BuiltServer, root, startBuiltServer } from '../../scripts/built-server.mjs';

/** The built server running in a process of its own. */
export type AppServer = Pick<BuiltServer, 'baseUrl' | 'dataDir' | 'stop'>;

/**
 * Starts the built server (as `npm start` serves it) on a free port with its own data folder and embedded database,
 * the sandbox checkout's demo on and `env` added to the environment (a payment provider and its keys, for instance).
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  if (!existsSync(path.join(root, 'server/dist/main.js')) || !existsSync(path.join(root, 'renderer/dist/index.html'))) {
    throw new Error('The browser tests need the build: run `npm test` (or `npm run build`) first.');
  }
  return startBuiltServer({ env: { PAYMENT_SANDBOX_DEMO: 'true', ...env }, dataDirPrefix: 'shrinkly-e2e-' });
}
