import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskChunkStaging } from '../../src/adapters/chunks/local-disk.chunk-staging.js';
import { S3ChunkStaging } from '../../src/adapters/chunks/s3.chunk-staging.js';
import { LocalDiskStorage } from '../../src/adapters/storage/local-disk.storage.js';
import { S3Storage } from '../../src/adapters/storage/s3.storage.js';
import { assertBucketReachable, createS3Client } from '../../src/adapters/storage/s3-client.js';
import { type ChunkStagingSubject, chunkStagingContract } from '../chunk-staging-port.contract.js';
import { useTempDir } from '../harness.js';
import { startS3Server, type TestS3Server } from '../s3-server.js';
import { type StoragePortSubject, storagePortContract } from '../storage-port.contract.js';

const root = useTempDir('shrinkly-stores-');

/** A fresh folder under this file's temporary root. */
async function folder(name: string): Promise<string> {
  const dir = path.join(root, name);
  await mkdir(dir, { recursive: true });
  return dir;
}

describe('local disk', () => {
  let storage: StoragePortSubject;
  let chunks: ChunkStagingSubject;
  beforeAll(async () => {
    storage = { storage: new LocalDiskStorage(await folder('blobs')), workDir: await folder('local-work'), copies: false };
    chunks = { staging: new LocalDiskChunkStaging(await folder('uploads')), workDir: await folder('local-assembled') };
  });

  storagePortContract(() => storage);
  chunkStagingContract(() => chunks);
});

describe('S3 (s3rver)', () => {
  let server: TestS3Server;
  let client: S3Client;
  let tmpDir: string;
  let storage: StoragePortSubject;
  let chunks: ChunkStagingSubject;
  beforeAll(async () => {
    server = await startS3Server();
    client = createS3Client(server.config);
    tmpDir = await folder('s3-tmp');
    storage = { storage: new S3Storage(client, server.bucket, tmpDir), workDir: await folder('s3-work'), copies: true };
    chunks = { staging: new S3ChunkStaging(client, server.bucket), workDir: await folder('s3-assembled') };
  });
  afterAll(async () => {
    client?.destroy();
    await server?.stop();
  });

  storagePortContract(() => storage);
  chunkStagingContract(() => chunks);

  it('leaves nothing in its temporary folder', async () => {
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it('checks at start that the bucket answers, naming it when it does not', async () => {
    await expect(assertBucketReachable(client, server.config)).resolves.toBeUndefined();
    const elsewhere = { ...server.config, bucket: 'no-such-bucket' };
    await expect(assertBucketReachable(client, elsewhere)).rejects.toThrow(
      /S3_BUCKET no-such-bucket cannot be used at http:\/\/127\.0\.0\.1:\d+ \(HTTP 404/,
    );
  });
});
