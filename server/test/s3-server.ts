import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { startS3 } from '../../scripts/fleet/fleet.mjs';
import { createS3Client } from '../src/adapters/storage/s3-client.js';
import type { S3Config } from '../src/config/app.config.js';
import { useStarted } from './harness.js';

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
  const directory = await mkdtemp(path.join(tmpdir(), 'shrinkly-s3-'));
  const server = await startS3(directory, options.bucket ?? 'shrinkly-test');
  const { endpoint, bucket, env } = server;
  // s3rver checks signatures made with its one built-in key pair (the S3_* keys of `env`).
  const credentials = { accessKeyId: env.S3_ACCESS_KEY_ID as string, secretAccessKey: env.S3_SECRET_ACCESS_KEY as string };
  return {
    endpoint,
    bucket,
    env,
    config: { endpoint, region: env.S3_REGION as string, bucket, credentials, forcePathStyle: true },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A test S3 server and a client of it for the enclosing describe block: started before its tests, stopped after them. */
export function useS3Server(): { server: TestS3Server; client: S3Client } {
  return useStarted(
    'the S3 server',
    async () => {
      const server = await startS3Server();
      return { server, client: createS3Client(server.config) };
    },
    async ({ server, client }) => {
      client.destroy();
      await server.stop();
    },
  );
}
