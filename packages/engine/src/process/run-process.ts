import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { EngineError } from '../errors.js';
import { findTool } from '../tool-lookup.js';
import { type SandboxOptions, sandboxed } from './sandbox.js';

export interface RunProcessOptions {
  /** Kills the process tree when aborted; the call then fails with kind 'cancelled'. */
  signal?: AbortSignal;
  /** Milliseconds before the process tree is killed and the call fails with kind 'timeout'. */
  timeoutMs?: number;
  cwd?: string;
  /** Variables the tool needs beyond its minimal environment (toolEnvironment); the server's own never pass. */
  env?: Record<string, string>;
  /** Collect stdout and return it (otherwise it is discarded). Capped at `maxStdoutBytes`. */
  captureStdout?: boolean;
  maxStdoutBytes?: number;
  /** Called with each complete line of stdout (for progress reports such as ffmpeg's -progress). */
  onStdoutLine?: (line: string) => void;
  /** Called with each complete line of stderr. */
  onStderrLine?: (line: string) => void;
  /**
   * How the tool is confined (see sandbox.ts). Every tool runs without network and dies with its parent; a private
   * sandbox also sees only the system's program files and the given folders.
   */
  sandbox?: SandboxOptions;
}

export interface RunProcessResult {
  stdout: string;
  stderrTail: string;
}

const STDERR_TAIL_BYTES = 8 * 1024;

/** What a tool may see of the server's environment: where programs are and the language. Never keys or URLs. */
const PASSED_VARIABLES = ['PATH', 'LANG', 'LC_ALL', 'TZ', 'SYSTEMROOT', 'WINDIR', 'PATHEXT', 'TEMP', 'TMP'];

/**
 * The environment a tool starts with: the few variables above, HOME (inside the sandbox: the tool's own folder)
 * and what the caller adds. The server's secrets (JWT_SECRET, payment keys, database and mail URLs) stay out, so a
 * tool that a hostile file takes over has none to write into its output.
 */
export function toolEnvironment(extra: Record<string, string> = {}, home?: string): Record<string, string> {
  const env: Record<string, string> = { LANG: 'C.UTF-8' };
  for (const name of PASSED_VARIABLES) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  env.HOME = home ?? tmpdir();
  return { ...env, ...extra };
}
const DEFAULT_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * Where each command was found (findTool: its environment variable, a bundled binary, PATH): looked up once per
 * process instead of on every spawn (a search runs ffmpeg or qpdf dozens of times). Only hits are kept, so a tool
 * installed while the server runs is found at its next use.
 */
const resolved = new Map<string, string>();

async function locate(command: string): Promise<string | null> {
  if (command.includes('/')) return command;
  const key = `${process.env.PATH ?? ''}\0${process.env.FFMPEG_PATH ?? ''}\0${process.env.FFPROBE_PATH ?? ''}\0${command}`;
  const known = resolved.get(key);
  if (known) return known;
  const found = await findTool(command);
  if (found) resolved.set(key, found);
  return found;
}

/** Runs one external program, with or without its argument list going anywhere near a shell. */
export type RunProcess = (command: string, args: readonly string[], options?: RunProcessOptions) => Promise<RunProcessResult>;

function lineSplitter(onLine: ((line: string) => void) | undefined): (chunk: Buffer) => void {
  let pending = '';
  return (chunk) => {
    if (!onLine) return;
    pending += chunk.toString('utf8');
    const lines = pending.split(/\r?\n|\r/);
    pending = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  };
}

/**
 * Spawns `command` with an argument array (never a shell) in its own process group, so that a timeout or a
 * cancel kills it and every child it started. Non-zero exit is an EngineError of kind 'failed' with the stderr tail.
 */
export const runProcess: RunProcess = async (command, args, options = {}) => {
  const found = await locate(command);
  if (!found) throw new EngineError('tool-missing', `${command} is not installed on this server`);
  if (options.signal?.aborted) throw new EngineError('cancelled', 'Cancelled');
  const confined = sandboxed(found, args, { ...options.sandbox, ...(options.cwd ? { cwd: options.cwd } : {}) });
  return new Promise<RunProcessResult>((resolve, reject) => {
    const child = spawn(confined.command, confined.args, {
      cwd: options.cwd,
      env: toolEnvironment(options.env, options.cwd ?? options.sandbox?.writable?.[0]),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderrTail = '';
    const stdoutChunks: Buffer[] = [];
    let stdoutBytes = 0;
    let ended: 'timeout' | 'cancelled' | undefined;

    const killTree = () => {
      if (child.pid === undefined || child.exitCode !== null) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => {
      ended = 'timeout';
      killTree();
    }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const onAbort = () => {
      ended = 'cancelled';
      killTree();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const stdoutLines = lineSplitter(options.onStdoutLine);
    const stderrLines = lineSplitter(options.onStderrLine);
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutLines(chunk);
      if (!options.captureStdout) return;
      const max = options.maxStdoutBytes ?? 64 * 1024 * 1024;
      if (stdoutBytes + chunk.length <= max) {
        stdoutChunks.push(chunk);
        stdoutBytes += chunk.length;
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderrLines(chunk);
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
    });

    child.on('error', (err) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      reject(new EngineError('tool-missing', `${command} could not be started`, undefined, { cause: err }));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (ended === 'timeout') return reject(new EngineError('timeout', `${command} took too long and was stopped`, stderrTail));
      if (ended === 'cancelled') return reject(new EngineError('cancelled', 'Cancelled', stderrTail));
      if (code !== 0) return reject(new EngineError('failed', `${command} exited with code ${code}`, stderrTail));
      resolve({ stdout: Buffer.concat(stdoutChunks).toString('utf8'), stderrTail });
    });
  });
};
