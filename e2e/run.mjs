#!/usr/bin/env node
// `npm run test:e2e [-- vitest args]`: the browser tests against the built server. Builds first when there is no
// build or a source file is newer than it, since the tests start server/dist/main.js and serve renderer/dist.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Each part of the build, from what it is made of; `check` must exist for the part to count as built. */
const parts = [
  {
    check: 'server/dist/main.js',
    outputs: ['packages/contract/dist', 'packages/engine/dist', 'server/dist'],
    sources: ['packages/contract/src', 'packages/engine/src', 'server/src'],
  },
  {
    check: 'renderer/dist/index.html',
    outputs: ['renderer/dist'],
    sources: ['packages/contract/src', 'renderer/src', 'renderer/public', 'renderer/index.html'],
  },
];
const at = (p) => path.join(root, p);

/** The newest modification time under `target` (a file or a folder), 0 when it does not exist. */
function newest(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target).reduce((latest, name) => Math.max(latest, newest(path.join(target, name))), info.mtimeMs);
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const missing = parts.some((part) => !existsSync(at(part.check)));
const stale = parts.some(
  (part) => Math.max(...part.sources.map((p) => newest(at(p)))) > Math.max(...part.outputs.map((p) => newest(at(p)))),
);
if (missing || stale) {
  console.log(missing ? '[test:e2e] no build yet: building' : '[test:e2e] sources changed since the last build: building');
  run('npm', ['run', 'build', '--silent']);
}
run('npx', ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)]);
