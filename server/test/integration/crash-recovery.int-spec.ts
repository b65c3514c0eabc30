import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWithFfmpeg } from '../fixtures.js';
import { chunkedUpload, fileChunkForm, freePort, useTempDir } from '../harness.js';

/**
 * The built server killed with SIGKILL in the middle of a compression job and of a chunked upload, then started
 * again on the same data: nothing acknowledged is lost, nothing temporary or running survives the crash.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const entry = path.join(root, 'server/dist/main.js');

/** PIDs of live processes whose command line mentions `needle`, ignoring `exceptPid`. */
function processesMentioning(needle: string, exceptPid?: number): Array<{ pid: number; cmd: string }> {
  const found: Array<{ pid: number; cmd: string }> = [];
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    if (Number(name) === exceptPid || Number(name) === process.pid) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const state = /State:\s+(\w)/.exec(readFileSync(`/proc/${name}/status`, 'utf8'))?.[1];
      if (cmd.includes(needle) && state !== 'Z') found.push({ pid: Number(name), cmd });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Server {
  child: ChildProcess;
  output: () => string;
}

describe('crash recovery (the built server, killed with SIGKILL)', () => {
  const dataDir = useTempDir('shrinkly-crash-');
  const work = useTempDir('shrinkly-crash-files-');
  let port: number;
  let base: string;
  let server: Server | undefined;

  const start = async (): Promise<Server> => {
    let output = '';
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: base,
      LOG_LEVEL: 'info',
      SMTP_URL: '',
      JOB_CONCURRENCY: '1',
      COMPRESS_SYNC_WAIT_MS: '0',
      NODE_ENV: 'test',
      DATABASE_URL: process.env.TEST_DATABASE_URL ? process.env.CRASH_TEST_DATABASE_URL : '',
    };
    const child = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    await until(
      'the server to answer /api/health',
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
        return (
          (await fetch(`${base}/api/health`).then(
            (r) => r.ok,
            () => false,
          )) || undefined
        );
      },
      60_000,
    );
    return { child, output: () => output };
  };

  const json = async <T>(res: Response): Promise<T> => {
    if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    if (!existsSync(entry)) throw new Error('The crash test runs the built server: run `npm run build` first.');
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    if (process.env.TEST_DATABASE_URL) {
      // A database of its own on the PostgreSQL server, which outlives the killed process.
      const name = `shrinkly_crash_${process.pid}`;
      spawnSync('psql', [
        process.env.TEST_DATABASE_URL,
        '-c',
        `drop database if exists ${name}`,
        '-c',
        `create database ${name}`,
      ]);
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${name}`;
      process.env.CRASH_TEST_DATABASE_URL = url.toString();
    }
    // A video slow enough to compress that the kill lands mid-job, and a recording sent in 1 MB chunks.
    await makeWithFfmpeg(path.join(work, 'clip.mp4'), 'testsrc2=size=1280x720:rate=30', [
      '-t',
      '12',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '12',
    ]);
    await makeWithFfmpeg(path.join(work, 'tone.wav'), 'sine=frequency=440:duration=16', ['-ac', '2', '-ar', '44100']);
  }, 120_000);

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    if (process.env.CRASH_TEST_DATABASE_URL && process.env.TEST_DATABASE_URL) {
      await until(
        'the server to exit',
        () => (server?.child.exitCode !== null || server?.child.signalCode ? true : undefined),
        10_000,
      );
      spawnSync('psql', [
        process.env.TEST_DATABASE_URL,
        '-c',
        `drop database if exists ${new URL(process.env.CRASH_TEST_DATABASE_URL).pathname.slice(1)} with (force)`,
      ]);
    }
  });

  it('keeps acknowledged chunks and jobs, and leaves no temporary file or child process behind', {
    timeout: 300_000,
  }, async () => {
    server = await start();
    const firstPid = server.child.pid ?? 0;
    const auth = await json<{ token: string }>(
      await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Crash', email: 'crash@example.com', password: 'secret123' }),
      }),
    );
    const bearer = { authorization: `Bearer ${auth.token}` };

    // A chunked upload with two of its three chunks acknowledged.
    const wav = path.join(work, 'tone.wav');
    const recording = await chunkedUpload(wav, 'crash-upload-1');
    expect(recording.totalChunks).toBe(3);
    const sendChunk = async (index: number) =>
      fetch(`${base}/api/upload-chunk`, { method: 'POST', body: await fileChunkForm(wav, { ...recording, index }) });
    expect((await sendChunk(0)).status).toBe(200);
    expect((await sendChunk(1)).status).toBe(200);

    // A slow compression in My Files, killed while ffmpeg works on it.
    const form = new FormData();
    form.set('compressionLevel', 'maximum');
    form.set('file', new Blob([readFileSync(path.join(work, 'clip.mp4'))], { type: 'video/mp4' }), 'clip.mp4');
    const upload = await fetch(`${base}/api/files/upload`, { method: 'POST', body: form, headers: bearer });
    expect(upload.status).toBe(202);
    const ffmpegAtWork = await until(
      'ffmpeg to work on the upload',
      () => processesMentioning(dataDir).find((p) => p.cmd.includes('ffmpeg')) ?? undefined,
    );
    expect(ffmpegAtWork).toBeDefined();
    expect(existsSync(path.join(dataDir, 'tmp', String(firstPid)))).toBe(true);

    server.child.kill('SIGKILL');
    await until('the server to exit', () => (server?.child.exitCode !== null || server?.child.signalCode ? true : undefined));
    // The tools it started die with it: nothing mentioning its data folder keeps running.
    await until(
      'the children to die with the server',
      () => (processesMentioning(dataDir).length === 0 ? true : undefined),
      10_000,
    );

    server = await start();
    // What the dead process left in its temp folder is gone at start.
    expect(await readdir(path.join(dataDir, 'tmp'))).not.toContain(String(firstPid));

    // The interrupted job runs again and the file becomes ready.
    const files = await until(
      'the interrupted compression to finish',
      async () => {
        const list = await json<
          Array<{ id: string; name: string; compressedSize: number; originalSize: number; status?: string }>
        >(await fetch(`${base}/api/files`, { headers: bearer }));
        return list.length === 1 && (list[0]?.status ?? 'ready') === 'ready' ? list : undefined;
      },
      240_000,
    );
    expect(files[0]?.name).toBe('clip.mp4');
    expect(files[0]?.compressedSize).toBeLessThan(files[0]?.originalSize ?? 0);
    const stats = await json<{ storageUsed: number }>(await fetch(`${base}/api/stats`, { headers: bearer }));
    expect(stats.storageUsed).toBe(files.reduce((sum, f) => sum + f.compressedSize, 0));

    // The two acknowledged chunks were kept: the third completes the upload.
    expect((await sendChunk(2)).status).toBe(200);
    const assembled = await fetch(`${base}/api/assemble-chunks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...recording, compressionLevel: 'light' }),
    });
    expect([200, 202]).toContain(assembled.status);

    // After the jobs settle, no temporary file is left in the live process's folder.
    await until(
      'the temp folder to empty',
      async () => {
        const own = path.join(dataDir, 'tmp', String(server?.child.pid));
        const left = await readdir(own, { recursive: true }).catch(() => []);
        const files = [];
        for (const name of left) if ((await stat(path.join(own, name)).catch(() => undefined))?.isFile()) files.push(name);
        return files.length === 0 ? true : undefined;
      },
      120_000,
    );
  });
});
