#!/usr/bin/env node
// Runs every test suite in turn: unit, database (PGlite, then PostgreSQL when TEST_DATABASE_URL is set, and with it the
// fleet of web and worker processes on PostgreSQL, Redis and S3), the desktop main process (real engine and server), and
// the browser tests against the built server. Stops at the first failing suite.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const suites = [
  { name: 'unit', args: ['--project', 'unit'] },
  { name: 'engine (real tools)', args: ['--project', 'engine'] },
  { name: 'database on PGlite', args: ['--project', 'db'], env: { TEST_DATABASE_URL: '' } },
];
if (process.env.TEST_DATABASE_URL) {
  suites.push({ name: 'database on PostgreSQL', args: ['--project', 'db'], env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL } });
  // The built server scaled out: web and worker processes on PostgreSQL, Redis (TEST_REDIS_URL) and an S3 test server.
  suites.push({ name: 'fleet (PostgreSQL, Redis, S3)', args: ['--project', 'fleet'] });
}
suites.push({ name: 'desktop (main process: real engine, real server)', args: ['--project', 'desktop'] });
suites.push({ name: 'browser (e2e)', args: ['--project', 'e2e'] });

const timings = [];
for (const suite of suites) {
  console.log(`\n[test] ${suite.name}`);
  const started = Date.now();
  const result = spawnSync('npx', ['vitest', 'run', ...suite.args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...suite.env },
  });
  timings.push(`${suite.name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) {
    console.error(`\n[test] ${suite.name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n[test] all suites passed\n  ${timings.join('\n  ')}`);
