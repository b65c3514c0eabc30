import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress } from '../../src/compress.js';
import { jobRunner } from '../../src/process/job-runner.js';
import { type RunProcess, runProcess } from '../../src/process/run-process.js';
import { sandboxMode } from '../../src/process/sandbox.js';
import { lavfi } from '../../src/tools/media/media.test-support.js';

/**
 * A tool taken over by a hostile file (a ghostscript -dSAFER bypass, an ffmpeg demuxer that follows a path, an
 * archive that names a local file, an office document) still sees only its own job: its input, its work folder and
 * the system's programs. These tests give each real tool the means to try (ghostscript with its file operators
 * unlocked, ffmpeg and 7-Zip and LibreOffice handed the paths themselves) and check it gets nothing.
 */
describe('tool confinement: a tool sees only its own job', () => {
  const secret = `JWT-${randomBytes(12).toString('hex')}`;
  const envSecret = `ENV-${randomBytes(12).toString('hex')}`;
  const otherJobSecret = `OTHER-JOB-${randomBytes(12).toString('hex')}`;
  let root: string;
  let dataDir: string;
  let secretFile: string;
  let otherJobFile: string;
  let checkoutFile: string;
  const saved: Record<string, string | undefined> = {};

  /** A fresh job: an input (read-only to its tools), a work folder, and the runner an engine call gives its tools. */
  async function job(inputName: string, content: string | Buffer): Promise<{ input: string; workDir: string; run: RunProcess }> {
    const jobDir = await mkdtemp(path.join(dataDir, 'tmp', 'job-'));
    const input = path.join(jobDir, inputName);
    await writeFile(input, content);
    const workDir = await mkdtemp(path.join(root, 'work-'));
    return { input, workDir, run: jobRunner(runProcess, { readable: [input], writable: [workDir] }) };
  }

  /** Every byte a job wrote, as text. */
  async function everythingIn(dir: string): Promise<string> {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
    return (await Promise.all(files.map((f) => readFile(f, 'latin1')))).join('\n');
  }

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'confinement-'));
    dataDir = path.join(root, 'data');
    await mkdir(path.join(dataDir, 'tmp', 'other-job'), { recursive: true });
    secretFile = path.join(dataDir, 'jwt-secret');
    await writeFile(secretFile, secret);
    otherJobFile = path.join(dataDir, 'tmp', 'other-job', 'upload.txt');
    await writeFile(otherJobFile, otherJobSecret);
    checkoutFile = path.resolve('package.json');
    for (const name of ['JWT_SECRET', 'STRIPE_SECRET_KEY', 'DATABASE_URL']) {
      saved[name] = process.env[name];
      process.env[name] = `${envSecret}-${name}`;
    }
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await rm(root, { recursive: true, force: true });
  });

  it('runs on bubblewrap here, so every assertion below is about the sandbox', () => {
    expect(sandboxMode()).toBe('bwrap');
  });

  it('ghostscript with its file operators unlocked reads only its input and writes only its work folder', async () => {
    // (The data folder here lies in /tmp, which each sandbox replaces with a throwaway one: a write there succeeds in
    // the sandbox and vanishes with it. Elsewhere the sandbox's file system is read-only.)
    const { input, workDir, run } = await job('probe.ps', '');
    const tryRead = (label: string, file: string) =>
      `{ (${file}) (r) file 200 string readstring pop print } stopped { (no-${label}\\n) print } if\n`;
    const tryWrite = (label: string, file: string) =>
      `{ (${file}) (w) file dup (written) writestring closefile (wrote-${label}\\n) print } stopped { (no-write-${label}\\n) print } if\n`;
    const program = [
      '%!PS\n',
      tryRead('secret', secretFile),
      tryRead('other-job', otherJobFile),
      tryRead('checkout', checkoutFile),
      tryRead('passwd', '/etc/passwd'),
      `{ (${input}) (r) file 4 string readstring pop pop (read-input\\n) print } stopped { (no-input\\n) print } if\n`,
      tryWrite('data', path.join(dataDir, 'planted')),
      tryWrite('work', path.join(workDir, 'note')),
      '(JWT_SECRET) getenv { print } { (no-env\\n) print } ifelse\n',
      '(STRIPE_SECRET_KEY) getenv { print } { (no-env\\n) print } ifelse\n',
    ].join('');
    await writeFile(input, program);

    const { stdout } = await run('gs', ['-q', '-dNOSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=nullpage', input], {
      captureStdout: true,
      timeoutMs: 60_000,
    });

    expect(stdout).toContain('read-input');
    expect(stdout).toContain('wrote-work');
    for (const refused of ['no-secret', 'no-other-job', 'no-checkout', 'no-passwd']) expect(stdout).toContain(refused);
    expect(stdout.match(/no-env/g)).toHaveLength(2);
    expect(stdout).not.toContain(secret);
    expect(stdout).not.toContain(otherJobSecret);
    expect(stdout).not.toContain(envSecret);
    expect(stdout).not.toContain('root:x:0');
    expect(existsSync(path.join(dataDir, 'planted'))).toBe(false);
  });

  it('ffmpeg cannot open a path outside its job, for reading or for writing', async () => {
    const { input, workDir, run } = await job('input.bin', 'job data');
    const copy = (from: string, to: string) =>
      run('ffmpeg', ['-v', 'error', '-y', '-f', 'data', '-i', from, '-map', '0', '-c', 'copy', '-f', 'data', to], {
        timeoutMs: 60_000,
      });

    await copy(input, path.join(workDir, 'own.bin'));
    expect(await readFile(path.join(workDir, 'own.bin'), 'utf8')).toBe('job data');

    for (const outside of [secretFile, otherJobFile, '/etc/passwd']) {
      await expect(copy(outside, path.join(workDir, 'stolen.bin'))).rejects.toThrow(/exited with code/);
    }
    // A write outside lands, at most, in the sandbox's own throwaway /tmp: never in the real folder.
    await copy(input, path.join(dataDir, 'planted.bin')).catch(() => undefined);
    expect(existsSync(path.join(dataDir, 'planted.bin'))).toBe(false);
    expect(await everythingIn(workDir)).not.toContain(secret);
  });

  it('7-Zip packs nothing from outside its job', async () => {
    const { input, workDir, run } = await job('member.txt', 'member');
    const archive = path.join(workDir, 'out.7z');
    // 7-Zip warns and exits 1 on names it cannot find; what matters is what the archive holds.
    await run('7z', ['a', '-bd', archive, input, secretFile, otherJobFile, '/etc/passwd'], { timeoutMs: 60_000 }).catch(
      () => undefined,
    );
    const { stdout } = await run('7z', ['l', '-ba', archive], { captureStdout: true, timeoutMs: 60_000 });
    expect(stdout).toContain('member.txt');
    expect(stdout).not.toMatch(/jwt-secret|upload\.txt|passwd/);
  });

  it('LibreOffice converts its input but cannot open a file outside its job', async () => {
    const { input, workDir, run } = await job('letter.txt', 'A letter of the job');
    const profile = path.join(workDir, 'profile');
    const office = (file: string) =>
      run(
        'soffice',
        [
          '--headless',
          '--norestore',
          `-env:UserInstallation=file://${profile}`,
          '--convert-to',
          'html',
          '--outdir',
          path.join(workDir, 'out'),
          file,
        ],
        {
          timeoutMs: 120_000,
          cwd: workDir,
        },
      );
    await office(input);
    expect(await everythingIn(path.join(workDir, 'out'))).toContain('A letter of the job');
    for (const outside of [secretFile, otherJobFile]) await office(outside).catch(() => undefined);
    const written = await everythingIn(workDir);
    expect(written).not.toContain(secret);
    expect(written).not.toContain(otherJobSecret);
  });

  it('an engine call runs every tool in the private view of its own input and work folder', async () => {
    const { input } = await job('tone.wav', '');
    await lavfi('sine=frequency=440:duration=2', ['-c:a', 'pcm_s16le'], input);
    const seen: Array<RunProcessOptions['sandbox']> = [];
    const watching: RunProcess = (command, args, options = {}) => {
      seen.push(options.sandbox);
      return runProcess(command, args, options);
    };
    const out = await mkdtemp(path.join(root, 'out-'));
    await compress(input, { level: 'light', tmpDir: out, runProcess: watching });
    expect(seen.length).toBeGreaterThan(0);
    for (const sandbox of seen) {
      expect(sandbox?.private).toBe(true);
      expect(sandbox?.readable).toContain(input);
      expect(sandbox?.writable?.every((dir) => dir.startsWith(out))).toBe(true);
    }
  });

  it('a tool starts with none of the server’s variables', async () => {
    const { workDir, run } = await job('any.txt', 'x');
    const { stdout } = await run('/usr/bin/env', [], { captureStdout: true });
    expect(stdout).not.toContain(envSecret);
    expect(stdout).toMatch(/^PATH=/m);
    expect(stdout).toContain(`HOME=${workDir}`);
  });
});
