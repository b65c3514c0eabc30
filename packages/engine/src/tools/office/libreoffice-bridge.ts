import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EngineError } from '../../errors.js';
import { toolEnvironment } from '../../process/run-process.js';
import { sandboxed } from '../../process/sandbox.js';
import { writeLockedDownProfile } from './lockdown.js';
import { placeAs } from './soffice.js';

/** The UNO script the bridge runs (shipped beside the compiled code, outside src/ and dist/). */
const BRIDGE_SCRIPT = fileURLToPath(new URL('../../../scripts/uno-bridge.py', import.meta.url));
/** Debian's Python, which is the one python3-uno installs into (a pyenv python3 first on PATH would lack it). */
const DEFAULT_PYTHON = '/usr/bin/python3';
const START_TIMEOUT_MS = 90_000;
/**
 * Documents one office converts before it is replaced by a fresh one with a fresh profile: whatever a document
 * managed to leave in the profile (the lockdown keeps history, recovery and backups off) meets few documents after
 * it, while start-up (~2 s) is paid once per this many conversions.
 */
const DOCUMENTS_PER_OFFICE = 50;

/** One document to convert: paths are absolute; filters are LibreOffice filter names. */
export interface OfficeRequest {
  input: string;
  output: string;
  filter: string;
  filterOptions?: string;
  /** The export filter's settings (FilterData), e.g. { ReduceImageResolution: false }. */
  filterData?: Record<string, boolean | number | string>;
  inputFilter?: string;
  inputFilterOptions?: string;
}

/** The office was found dead before it tried the request: trying again on a fresh office is safe. */
class OfficeDownError extends EngineError {}

interface Pending {
  resolve: () => void;
  reject: (err: Error) => void;
}

/**
 * A LibreOffice kept running between conversions: one soffice with its own profile, driven over UNO by a small
 * Python script, so a document converts without paying LibreOffice's start-up each time. Requests are answered one
 * at a time, in order. A conversion that hangs past its time limit, or is cancelled, kills the office; the next
 * request starts a fresh one. While idle it does not keep the Node process alive.
 *
 * The office is confined (see process/sandbox.ts): no network, and a file system that holds only the system's
 * program files and the bridge's own folder — its locked-down profile (lockdown.ts) and an exchange folder
 * where each document is placed for its conversion and removed afterwards. A document cannot name any other file.
 */
export class LibreOfficeBridge {
  private child: ChildProcessWithoutNullStreams | undefined;
  private starting: Promise<ChildProcessWithoutNullStreams> | undefined;
  private homeDir: string | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Conversions sent to the running office. */
  private served = 0;
  /** Serialises requests: LibreOffice converts one document at a time. */
  private queue: Promise<unknown> = Promise.resolve();

  /** `workRoot`: where the bridge's own folder is made (default: the OS temp folder). */
  constructor(private readonly options: { python?: string; soffice?: string; workRoot?: string } = {}) {}

  /** Converts one document; rejects with EngineError (failed, timeout, cancelled, tool-missing). */
  convert(request: OfficeRequest, limits: { timeoutMs: number; signal: AbortSignal }): Promise<void> {
    const run = this.queue.then(() =>
      this.send(request, limits).catch((err: unknown) => {
        if (err instanceof OfficeDownError) return this.send(request, limits);
        throw err;
      }),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** @internal The bridge's folder, which holds the office's profile (tests find its processes by it). */
  get profileFolder(): string | undefined {
    return this.homeDir;
  }

  /** Stops the office (tests, shutdown). */
  async close(): Promise<void> {
    this.kill();
    if (this.homeDir) await rm(this.homeDir, { recursive: true, force: true });
    this.homeDir = undefined;
  }

  /** Places the document in the office's exchange folder, converts it there and moves the result to `request.output`. */
  private async send(request: OfficeRequest, limits: { timeoutMs: number; signal: AbortSignal }): Promise<void> {
    if (limits.signal.aborted) throw new EngineError('cancelled', 'Cancelled');
    if (this.served >= DOCUMENTS_PER_OFFICE) this.kill();
    const child = await this.ensureStarted();
    this.served += 1;
    const id = this.nextId++;
    const slot = path.join(this.homeDir ?? '', 'io', String(id));
    await mkdir(slot, { recursive: true });
    try {
      const input = await placeAs(request.input, path.join(slot, `input${path.extname(request.input)}`));
      const output = path.join(slot, `output${path.extname(request.output)}`);
      await this.exchange(child, id, { ...request, input, output }, limits);
      await rename(output, request.output).catch(async () => {
        // Another file system: copy, then the slot is removed below.
        await placeAs(output, request.output);
      });
    } finally {
      await rm(slot, { recursive: true, force: true });
    }
  }

  private async exchange(
    child: ChildProcessWithoutNullStreams,
    id: number,
    request: OfficeRequest,
    limits: { timeoutMs: number; signal: AbortSignal },
  ): Promise<void> {
    this.setActive(true);
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          this.kill();
          reject(new EngineError('timeout', 'The document took too long to convert'));
        }, limits.timeoutMs);
        const onAbort = () => {
          this.kill();
          reject(new EngineError('cancelled', 'Cancelled'));
        };
        limits.signal.addEventListener('abort', onAbort, { once: true });
        const settle = () => {
          clearTimeout(timer);
          limits.signal.removeEventListener('abort', onAbort);
        };
        this.pending.set(id, {
          resolve: () => {
            settle();
            resolve();
          },
          reject: (err) => {
            settle();
            reject(err);
          },
        });
        child.stdin.write(`${JSON.stringify({ id, ...request })}\n`);
      });
    } finally {
      this.pending.delete(id);
      this.setActive(false);
    }
  }

  private ensureStarted(): Promise<ChildProcessWithoutNullStreams> {
    if (this.child) return Promise.resolve(this.child);
    this.starting ??= this.start().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async start(): Promise<ChildProcessWithoutNullStreams> {
    const root = this.options.workRoot ?? tmpdir();
    await mkdir(root, { recursive: true });
    this.homeDir ??= await mkdtemp(path.join(root, 'shrinkly-office-'));
    // A fresh profile per start: a killed office may leave a damaged one behind. A fresh pipe name too.
    const profile = path.join(this.homeDir, 'profile');
    await rm(profile, { recursive: true, force: true });
    await writeLockedDownProfile(profile);
    const pipeName = `shrinkly-${process.pid}-${randomBytes(6).toString('hex')}`;
    const python = this.options.python ?? DEFAULT_PYTHON;
    const confined = sandboxed(
      python,
      [BRIDGE_SCRIPT, this.options.soffice ?? 'soffice', pathToFileURL(profile).href, pipeName],
      {
        private: true,
        writable: [this.homeDir],
        readable: [BRIDGE_SCRIPT],
      },
    );
    // Its own process group, so a kill takes soffice with it (the sandbox also ends with its parent).
    const child = spawn(confined.command, confined.args, {
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: toolEnvironment({}, this.homeDir),
    });
    // A write racing the process's exit fails with EPIPE: the exit handler below answers the waiting request.
    child.stdin.on('error', () => {});
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const lines = createInterface({ input: child.stdout });
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new EngineError('timeout', 'LibreOffice did not start in time')), START_TIMEOUT_MS);
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(new EngineError('tool-missing', 'LibreOffice could not be started', stderr, { cause: err }));
      });
      child.once('exit', () => {
        clearTimeout(timer);
        reject(new EngineError('tool-missing', 'LibreOffice (with python3-uno) could not be started', stderr));
      });
      lines.on('line', (line) => {
        const message = parse(line);
        if (message?.ready) {
          clearTimeout(timer);
          resolve();
          return;
        }
        if (typeof message?.id !== 'number') return;
        const waiter = this.pending.get(message.id);
        if (!waiter) return;
        if (message.ok) waiter.resolve();
        else
          waiter.reject(
            new EngineError('failed', `LibreOffice could not convert this document: ${message.error ?? 'unknown error'}`),
          );
      });
    });
    child.on('exit', (code) => {
      if (this.child === child) this.child = undefined;
      const err =
        code === 2
          ? new OfficeDownError('failed', 'LibreOffice had stopped')
          : new EngineError('failed', 'LibreOffice stopped while converting this document', stderr);
      for (const waiter of this.pending.values()) waiter.reject(err);
    });
    try {
      await ready;
    } catch (err) {
      killGroup(child);
      throw err;
    }
    this.child = child;
    this.served = 0;
    this.setActive(false);
    return child;
  }

  /** Keeps Node alive only while a conversion is under way. */
  private setActive(active: boolean): void {
    const child = this.child;
    if (!child) return;
    for (const item of [child, child.stdin, child.stdout, child.stderr] as Array<{ ref?: () => void; unref?: () => void }>) {
      if (active) item.ref?.();
      else item.unref?.();
    }
  }

  private kill(): void {
    const child = this.child;
    this.child = undefined;
    if (child) killGroup(child);
  }
}

function killGroup(child: ChildProcessWithoutNullStreams): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

function parse(line: string): { ready?: boolean; id?: number; ok?: boolean; error?: string } | undefined {
  try {
    return JSON.parse(line) as { ready?: boolean; id?: number; ok?: boolean; error?: string };
  } catch {
    return undefined;
  }
}

let shared: LibreOfficeBridge | undefined;
let sharedWorkRoot: string | undefined;

/**
 * Where the process-wide office makes its folder (the server's private temp folder, which it sweeps after a crash);
 * call before the first conversion.
 */
export function configureSharedLibreOffice(options: { workRoot: string }): void {
  if (sharedWorkRoot === options.workRoot) return;
  sharedWorkRoot = options.workRoot;
  // An office already started elsewhere is stopped; the next conversion starts one in the new folder.
  const previous = shared;
  shared = undefined;
  void previous?.close();
}

/** The process-wide warm office, started on first use and stopped when the process exits. */
export function sharedLibreOffice(): LibreOfficeBridge {
  if (!shared) {
    const bridge = new LibreOfficeBridge({ workRoot: sharedWorkRoot });
    shared = bridge;
    process.once('exit', () => {
      void bridge.close();
    });
  }
  return shared;
}

/** @internal Replaces the process-wide office (tests of the fallback); returns the one it replaced. */
export function replaceSharedLibreOffice(bridge: LibreOfficeBridge): LibreOfficeBridge | undefined {
  const previous = shared;
  shared = bridge;
  return previous;
}
