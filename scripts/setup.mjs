#!/usr/bin/env node
// Prepares a checkout to run: npm dependencies, the command-line tools the engine needs, and the build.
// Uses only Node's standard library, because it runs before any dependency is installed.
//
//   node scripts/setup.mjs              what `npm start` runs
//   node scripts/setup.mjs --for-tests  what `npm test` runs: the same, plus Chromium for the browser tests
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const forTests = process.argv.includes('--for-tests');
const say = (msg) => console.log(`[setup] ${msg}`);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`[setup] failed: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`[setup] Node.js 20.19 or newer is needed (this is ${process.versions.node}).`);
    process.exit(1);
  }
}

/** npm ci when node_modules is missing or older than the lockfile. */
function installDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  say('installing npm dependencies');
  // Electron's binary download cannot happen on build machines; the desktop shell is packaged elsewhere.
  run('npm', ['ci', '--no-audit', '--no-fund'], { env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** The engine's tools (and Chromium for tests): installed with apt-get as root, else named with the line to run. */
function installTools() {
  const tools = JSON.parse(readFileSync(path.join(root, 'packages/engine/src/external-tools.json'), 'utf8'));
  if (forTests) tools.push({ command: 'chromium', aptPackage: 'chromium', feature: 'browser tests' });
  const missing = tools.filter((t) => !onPath(t.command));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.flatMap((t) => t.aptPackage.split(' ')))];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && onPath('apt-get')) {
    say(`installing ${packages.join(', ')} with apt-get`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update', '-q'], { env });
    run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...packages], { env });
    return;
  }
  const features = [...new Set(missing.map((t) => t.feature))];
  console.warn(`[setup] missing tools: ${missing.map((t) => t.command).join(', ')}`);
  console.warn(`[setup] unavailable until installed: ${features.join('; ')}`);
  console.warn(`[setup] install them with:\n\n    sudo apt-get install -y --no-install-recommends ${packages.join(' ')}\n`);
}

function build() {
  say('building');
  run('npm', ['run', 'build', '--silent']);
}

checkNode();
installDependencies();
installTools();
build();
say(`ready (git ${describeCommit()})`);

function describeCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}
