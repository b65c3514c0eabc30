import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3Config } from '../src/config/app.config.js';

/** A running test S3 server and how to reach its one bucket. */
export interface TestS3Server {
  /** `http://127.0.0.1:PORT`. */
  endpoint: string;
  bucket: string;
  /** What an app needs to keep its blobs there: STORAGE=s3 and the S3_* variables, for `startTestApp({ env })`. */
  env: Record<string, string>;
  /** The same as the adapters' configuration, for building them directly. */
  config: S3Config;
  /** Stops the server and removes what it stored. */
  stop(): Promise<void>;
}

/**
 * Starts s3rver, an S3-compatible server from npm, in a child process (so a test's memory readings are its own) with
 * one empty bucket, its objects in a temporary folder. The child ends with the test process if `stop` is never called.
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'shrinkly-test';
  const directory = await mkdtemp(path.join(tmpdir(), 'shrinkly-s3-'));
  const child = fork(fileURLToPath(new URL('./s3-server.process.mjs', import.meta.url)), [directory, bucket], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await portOf(child);
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver checks signatures made with its one built-in key pair.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    config: { endpoint, region: 'us-east-1', bucket, credentials, forcePathStyle: true },
    async stop() {
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function portOf(child: ChildProcess): Promise<number> {
  const [message] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) =>
      Promise.reject(new Error(`the S3 test server exited with ${String(code)} before listening`)),
    ),
  ])) as [{ port: number }];
  return message.port;
}
