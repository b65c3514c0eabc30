#!/usr/bin/env node
// Runs every test suite: the lint and format check, the type check, unit, engine, database (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set, with the fleet of web and worker processes on PostgreSQL, Redis and S3), the desktop main
// process (real engine and server), and the browser tests against the built server. Suites of one stage run side by
// side (their output is printed whole when the stage ends, a failed one last); stages run in turn and the first failing one
// stops the run with its failed tests and errors last. It ends with the time of each suite and the 20 slowest test files.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'shrinkly-test-times-'));
const postgres = process.env.TEST_DATABASE_URL;

/**
 * Stages of suites. The engine keeps both cores busy alone, and so do the two database suites side by side (each has
 * its own databases, servers and temp folders). The checks of the first stage leave a core idle much of the time (one
 * type checker), and so do the fleet's and the desktop's processes waiting on their sockets, so each stage shares the
 * machine. The browser tests run alone: beside the others they took as long as all of them in turn.
 */
const stages = [
  [
    // Format, lint and import order (Biome, biome.json).
    { name: 'lint and format', command: ['npx', 'biome', 'ci', '--error-on-warnings', '--colors=off', '.'] },
    // Types of every package and of the tests (vitest strips types without checking them).
    { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
    { name: 'unit', args: ['--project', 'unit'] },
  ],
  [{ name: 'engine (real tools)', args: ['--project', 'engine'] }],
  [
    { name: 'database on PGlite', args: ['--project', 'db'], env: { TEST_DATABASE_URL: '' } },
    ...(postgres ? [{ name: 'database on PostgreSQL', args: ['--project', 'db'], env: { TEST_DATABASE_URL: postgres } }] : []),
  ],
  [
    // The built server scaled out: web and worker processes on PostgreSQL, Redis (TEST_REDIS_URL) and an S3 test server.
    ...(postgres ? [{ name: 'fleet (PostgreSQL, Redis, S3)', args: ['--project', 'fleet'] }] : []),
    { name: 'desktop (main process: real engine, real server)', args: ['--project', 'desktop'] },
  ],
  [{ name: 'browser (e2e)', args: ['--project', 'e2e'] }],
];

/** The test files of vitest's JSON report of one suite; none when it wrote no report. */
function reportedFiles(report) {
  try {
    return JSON.parse(readFileSync(report, 'utf8')).testResults;
  } catch {
    return [];
  }
}

/** Each test file's time. */
function fileTimes(suite, files) {
  return files.map((file) => ({ suite: suite.name, file: path.relative(root, file.name), ms: file.endTime - file.startTime }));
}

/** The failed tests of one suite with the start of each error. */
function failuresIn(files) {
  return files.flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `  ${where} > ${test.fullName}\n${indent(test.failureMessages.join('\n'))}`);
    // A file can fail outside its tests (a hook, an import, an unhandled error).
    return tests.length === 0 && file.status === 'failed' ? [`  ${where}\n${indent(file.message ?? '')}`] : tests;
  });
}

const indent = (text) =>
  text
    .split('\n')
    .slice(0, 12)
    .map((line) => `      ${line}`)
    .join('\n');

let reportCount = 0;

/** Runs one suite; alone it prints as it goes, beside others its output is kept and printed when it ends. */
function run(suite, alone) {
  reportCount += 1;
  const report = path.join(reports, `${reportCount}.json`);
  const vitest = [
    'npx',
    'vitest',
    'run',
    ...(suite.args ?? []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const [command, ...args] = suite.command ?? vitest;
  const started = Date.now();
  if (alone) console.log(`\n[test] ${suite.name}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...suite.env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const files = reportedFiles(report);
      resolve({
        suite,
        code: code ?? 1,
        seconds: (Date.now() - started) / 1000,
        files: fileTimes(suite, files),
        failures: failuresIn(files),
        output: alone ? '' : `\n[test] ${suite.name}\n${Buffer.concat(output).toString()}`,
      });
    });
  });
}

const results = [];
const timings = () => results.map((r) => `${r.suite.name}: ${r.seconds.toFixed(1)} s`);
const started = Date.now();
for (const stage of stages) {
  const done = await Promise.all(stage.map((suite) => run(suite, stage.length === 1)));
  results.push(...done);
  // Side-by-side suites print whole once the stage ends, a failed one last, so the end of the log shows the failure.
  for (const r of [...done].sort((a, b) => Number(a.code !== 0) - Number(b.code !== 0))) process.stdout.write(r.output);
  const failed = done.filter((r) => r.code !== 0);
  if (failed.length > 0) {
    for (const r of failed) {
      console.error(`\n[test] ${r.suite.name} failed after ${r.seconds.toFixed(0)} s`);
      if (r.failures.length > 0) console.error(r.failures.join('\n'));
    }
    console.error(`\n[test] suite times so far\n  ${timings().join('\n  ')}`);
    process.exit(failed[0].code);
  }
}
const slowest = results
  .flatMap((r) => r.files)
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 20);
console.log(`\n[test] all suites passed in ${((Date.now() - started) / 60_000).toFixed(1)} min\n  ${timings().join('\n  ')}`);
console.log(
  `\n[test] the 20 slowest test files\n${slowest.map((f) => `  ${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.file} (${f.suite})`).join('\n')}`,
);
rmSync(reports, { recursive: true, force: true });
