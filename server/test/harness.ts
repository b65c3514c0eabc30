import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiClient, CHUNK_SIZE_BYTES, createApiClient } from '@shrinkly/contract';
import pg from 'pg';
import { type Logger, pino } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import type { MailPort } from '../src/adapters/mail/mail.port.js';
import type { PaymentPort } from '../src/adapters/payments/payment.port.js';
import { BackgroundTasks } from '../src/common/background-tasks.js';
import { Clock } from '../src/common/clock.js';
import { type AppConfig, loadConfig } from '../src/config/app.config.js';
import { createApp, type RunningApp } from '../src/create-app.js';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { makePhotoPng } from './fixtures.js';

/**
 * The database the integration suite runs on: in-memory PGlite, or, when TEST_DATABASE_URL is set, a fresh
 * PostgreSQL database created for this test file and dropped afterwards.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ pgliteDir: undefined });
  const name = `shrinkly_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    /** For a test that opens more connection pools on it, as more processes would. */
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  running: RunningApp;
  config: AppConfig;
  baseUrl: string;
  dataDir: string;
  /** A client with no stored token. */
  api: ApiClient;
  /** A client that sends the given user token. */
  as(token: string, audience?: 'user' | 'admin'): ApiClient;
  /** Raw HTTP, for what the typed client does not send (bad bodies, odd headers). */
  fetch(pathname: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  /** Waits until the mails requests asked for (sent after answering them) have gone out. */
  mailsSent(): Promise<void>;
  /** Messages written to the outbox, oldest first, once the mails being sent have gone out. */
  outbox(): Promise<string[]>;
  /** The last reset link mailed to an address. */
  resetLinkFor(email: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  mail?: MailPort;
  /** The server's logger (silent unless given), for tests that read what the server logs. */
  logger?: Logger;
  /** Another payment provider than the configured one. */
  payments?: PaymentPort;
  /** false: the web part alone, as a web process beside separate workers. */
  worker?: boolean;
  /** A database already open (to start again on the same one, as after a restart); a fresh one otherwise. */
  database?: DatabaseHandle;
}

/** Boots of a test app: its port is chosen before the boot, and another process may bind it in between. */
const BOOT_ATTEMPTS = 3;

/**
 * Boots the whole server on a random port against a test database and a temporary data folder. The port is chosen
 * first, so that links the server builds (APP_URL) point at it, and held until the server binds it; should another
 * process take it in the instant between, the app is closed and booted again on another port.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await bootTestApp(options);
    } catch (err) {
      if (attempt >= BOOT_ATTEMPTS || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
}

async function bootTestApp(options: TestAppOptions): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shrinkly-test-'));
  const reserved = await reservePort();
  const port = reserved.port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: String(port), APP_URL: baseUrl, ...options.env },
    { jwtSecret: randomBytes(32).toString('hex') },
  );
  const running = await (options.database ? Promise.resolve(options.database) : openTestDatabase())
    .then((database) =>
      createApp(config, {
        database,
        logger: options.logger ?? pino({ level: 'silent' }),
        clock: options.clock,
        mail: options.mail,
        payments: options.payments,
        worker: options.worker,
      }),
    )
    .finally(reserved.release);
  try {
    await running.app.listen(port, '127.0.0.1');
  } catch (err) {
    await running.close();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  // fetch reuses an idle connection until 1 s before the server's 5 s keep-alive ends; on a loaded test machine that
  // margin is not always enough, and a large upload sent just as the server closes the connection fails with
  // ECONNRESET. Tests keep idle connections open for a minute instead.
  const httpServer = running.app.getHttpServer() as import('node:http').Server;
  httpServer.keepAliveTimeout = 60_000;
  const outboxDir = path.join(dataDir, 'outbox');

  const mailsSent = () => running.app.get(BackgroundTasks).idle();
  const outbox = async (): Promise<string[]> => {
    await mailsSent();
    const names = (await readdir(outboxDir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
    return Promise.all(names.map((n) => readFile(path.join(outboxDir, n), 'utf8')));
  };

  return {
    running,
    config,
    baseUrl,
    dataDir,
    api: createApiClient({ baseUrl }),
    as: (token, audience = 'user') => createApiClient({ baseUrl, getToken: (a) => (a === audience ? token : null) }),
    fetch: (pathname, init = {}) => {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined) headers.set('content-type', 'application/json');
      return fetch(baseUrl + pathname, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
    },
    mailsSent,
    outbox,
    async resetLinkFor(email) {
      const messages = (await outbox()).filter((m) => m.includes(`To: ${email}`));
      const last = messages.at(-1);
      const match = last && /(http:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(decodeQuotedPrintable(last));
      if (!match?.[1]) throw new Error(`no reset link mailed to ${email}`);
      return match[1];
    },
    async close() {
      // Every test has had its answers: connections still open (kept alive for a minute, above, or a raw socket a
      // test left) would hold the server's close until they time out.
      httpServer.closeAllConnections();
      await running.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * What `start` makes (a server, a stand-in, an app) for the enclosing describe block: started before its tests,
 * stopped after them. It stands for the started thing, reads and writes passing through to it: reading it before
 * the block's first hook has run throws.
 */
export function useStarted<T extends object>(
  what: string,
  start: () => Promise<T>,
  stop: (started: T) => Promise<void> = async () => {},
): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    if (started) await stop(started);
  });
  const running = () => {
    if (!started) throw new Error(`${what} starts before the first test of its block`);
    return started;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(running(), key),
    set: (_, key, value) => Reflect.set(running(), key, value),
  });
}

/**
 * The test app of the enclosing describe block: started before its tests with `options` (a function when they
 * depend on what an earlier hook made), closed after them (see `useStarted`).
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  return useStarted(
    'the test app',
    () => startTestApp(typeof options === 'function' ? options() : options),
    (app) => app.close(),
  );
}

/** A temporary folder for the enclosing describe block, made before its tests and removed after them: its path. */
export function useTempDir(prefix: string): string {
  const dir = path.join(tmpdir(), `${prefix}${randomBytes(6).toString('hex')}`);
  beforeAll(() => mkdir(dir, { recursive: true }));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A photo-like PNG (see `makePhotoPng`) made in `dir` before the enclosing block's tests: its path. */
export function usePhotoPng(dir: string, name: string, width?: number, height?: number): string {
  const file = path.join(dir, name);
  beforeAll(() => makePhotoPng(file, width, height));
  return file;
}

/** How many blobs the app's local store holds. */
export async function blobCount(dataDir: string): Promise<number> {
  const root = path.join(dataDir, 'blobs');
  let n = 0;
  for (const dir of await readdir(root).catch(() => [] as string[])) n += (await readdir(path.join(root, dir))).length;
  return n;
}

/** A port the system has just handed out, held by a bare listener until `release`. */
function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ port, release: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

export async function freePort(): Promise<number> {
  const { port, release } = await reservePort();
  await release();
  return port;
}

let counter = 0;
/** A unique, valid sign-up body. */
export function newUser(overrides: Partial<{ name: string; email: string; password: string }> = {}) {
  counter += 1;
  return {
    name: 'Ada Lovelace',
    email: `ada.${Date.now()}.${counter}.${randomBytes(3).toString('hex')}@example.com`,
    password: 'correct horse',
    ...overrides,
  };
}

/** A signed-up user: its id, its token and a client that sends the token. */
export interface SignedUpUser {
  id: string;
  token: string;
  api: ApiClient;
}

/** Signs `person` (a new user by default) up. */
export async function signUp(t: TestApp, person = newUser()): Promise<SignedUpUser> {
  const { token, user } = await t.api.register(person);
  return { id: user.id, token, api: t.as(token) };
}

/** A user signed up before the enclosing block's tests (see `useStarted`). */
export function useSignedUp(t: TestApp): SignedUpUser {
  return useStarted('the user', () => signUp(t));
}

/** The card the sandbox and the stand-ins accept, as the card form sends it. */
export const TEST_CARD = { cardholderName: 'Ada Lovelace', cardNumber: '4242 4242 4242 4242', expiryDate: '12/39', cvv: '123' };

/** Undoes quoted-printable transfer encoding (soft line breaks and =XX escapes) of a mail body. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

/** A clock the test can move forward, to expire links and files without waiting. */
export class TestClock extends Clock {
  offsetMs = 0;
  override now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

/** Multipart body with text fields first, then the file (the order browsers and our client use). */
export async function fileForm(
  file: string,
  name: string,
  fields: Record<string, string> = {},
  field = 'file',
): Promise<FormData> {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  data.set(field, new Blob([await readFile(file)]), name);
  return data;
}

/** One chunk of a chunked upload: which upload, which 1 MB piece, and the whole file it belongs to. */
export interface ChunkOf {
  uploadId: string;
  index: number;
  totalChunks: number;
  fileName: string;
  fileSize: number;
}

/** A chunked upload of `file` under `uploadId`, named as the file unless `fileName` is given: all but the chunk's index. */
export async function chunkedUpload(
  file: string,
  uploadId: string,
  fileName = path.basename(file),
): Promise<Omit<ChunkOf, 'index'>> {
  const fileSize = (await stat(file)).size;
  return { uploadId, totalChunks: Math.ceil(fileSize / CHUNK_SIZE_BYTES), fileName, fileSize };
}

/** Sends piece `index` of `file` to POST /api/upload-chunk, with the user's token when given. */
export async function sendChunk(t: TestApp, file: string, chunk: ChunkOf, token?: string): Promise<Response> {
  const form = await fileChunkForm(file, chunk);
  return t.fetch('/api/upload-chunk', { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** The body of POST /api/upload-chunk for piece `index` of `file`. */
export async function fileChunkForm(file: string, chunk: ChunkOf): Promise<FormData> {
  const handle = await open(file, 'r');
  const length = Math.min(CHUNK_SIZE_BYTES, chunk.fileSize - chunk.index * CHUNK_SIZE_BYTES);
  const buffer = Buffer.alloc(length);
  await handle.read(buffer, 0, length, chunk.index * CHUNK_SIZE_BYTES);
  await handle.close();
  return chunkForm(chunk, buffer);
}

/** The body of POST /api/upload-chunk: which upload and piece `bytes` are, then the bytes, sent as `blobName`. */
export function chunkForm(chunk: ChunkOf, bytes: BlobPart, blobName = 'blob'): FormData {
  const form = new FormData();
  form.set('uploadId', chunk.uploadId);
  form.set('chunkIndex', String(chunk.index));
  form.set('totalChunks', String(chunk.totalChunks));
  form.set('fileName', chunk.fileName);
  form.set('fileSize', String(chunk.fileSize));
  form.set('chunk', new Blob([bytes]), blobName);
  return form;
}

/** A logger that keeps every line it writes (as parsed JSON), for tests of what the server logs. */
export function capturingLogger(level = 'info'): {
  logger: Logger;
  lines: Array<{ level: number; msg: string; [key: string]: unknown }>;
} {
  const lines: Array<{ level: number; msg: string }> = [];
  const logger = pino(
    { level },
    { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) },
  );
  return { logger, lines };
}

/** What came back on a raw connection: the status and headers, and how long after sending they arrived. */
export interface RawAnswer {
  status: number;
  head: string;
  elapsedMs: number;
}

/**
 * Sends a request head (and an optional start of a body) on a bare TCP connection and waits only for the
 * answer's head: for requests a fetch client will not send, such as a Content-Length far above what follows.
 */
export function rawRequest(
  baseUrl: string,
  head: string,
  body: Buffer = Buffer.alloc(0),
  timeoutMs = 10_000,
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(Number(url.port), url.hostname);
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(received.slice(9, 12)), head: received.slice(0, end), elapsedMs: Date.now() - started });
    });
    socket.write(`${head.replace(/\n/g, '\r\n')}\r\n`);
    if (body.length > 0) socket.write(body);
  });
}
