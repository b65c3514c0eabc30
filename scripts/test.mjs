#!/usr/bin/env node
// Runs every test suite: the lint and format check, unit, engine, database (PGlite, then PostgreSQL when TEST_DATABASE_URL is set, and with it the
// fleet of web and worker processes on PostgreSQL, Redis and S3), the desktop main process (real engine and server), and
// the browser tests against the built server. Stops at the first failing suite, and ends with the time of each suite
// and the 20 slowest test files.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'shrinkly-test-times-'));

const suites = [
  // Format, lint and import order (Biome, biome.json): seconds, so it goes first.
  { name: 'lint and format', command: ['npx', 'biome', 'ci', '--error-on-warnings', '.'] },
  { name: 'unit', args: ['--project', 'unit'] },
  { name: 'engine (real tools)', args: ['--project', 'engine'] },
  { name: 'database on PGlite', args: ['--project', 'db'], env: { TEST_DATABASE_URL: '' } },
];
if (process.env.TEST_DATABASE_URL) {
  suites.push({
    name: 'database on PostgreSQL',
    args: ['--project', 'db'],
    env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
  });
  // The built server scaled out: web and worker processes on PostgreSQL, Redis (TEST_REDIS_URL) and an S3 test server.
  suites.push({ name: 'fleet (PostgreSQL, Redis, S3)', args: ['--project', 'fleet'] });
}
suites.push({ name: 'desktop (main process: real engine, real server)', args: ['--project', 'desktop'] });
suites.push({ name: 'browser (e2e)', args: ['--project', 'e2e'] });

/** Each test file's time, from vitest's JSON report of one suite. */
function fileTimes(suite, report) {
  try {
    const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
    return testResults.map((file) => ({
      suite: suite.name,
      file: path.relative(root, file.name),
      ms: file.endTime - file.startTime,
    }));
  } catch {
    return [];
  }
}

const timings = [];
const files = [];
const started = Date.now();
for (const [index, suite] of suites.entries()) {
  console.log(`\n[test] ${suite.name}`);
  const suiteStarted = Date.now();
  const report = path.join(reports, `${index}.json`);
  const [command, ...args] = suite.command ?? [
    'npx',
    'vitest',
    'run',
    ...suite.args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...suite.env },
  });
  timings.push(`${suite.name}: ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s`);
  files.push(...fileTimes(suite, report));
  if (result.status !== 0) {
    console.error(`\n[test] ${suite.name} failed`);
    process.exit(result.status ?? 1);
  }
}
const slowest = files.sort((a, b) => b.ms - a.ms).slice(0, 20);
console.log(`\n[test] all suites passed in ${((Date.now() - started) / 60_000).toFixed(1)} min\n  ${timings.join('\n  ')}`);
console.log(
  `\n[test] the 20 slowest test files\n${slowest.map((f) => `  ${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.file} (${f.suite})`).join('\n')}`,
);
rmSync(reports, { recursive: true, force: true });
