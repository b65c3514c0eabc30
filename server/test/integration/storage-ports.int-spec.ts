import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskChunkStaging } from '../../src/adapters/chunks/local-disk.chunk-staging.js';
import { S3ChunkStaging } from '../../src/adapters/chunks/s3.chunk-staging.js';
import { LocalDiskStorage } from '../../src/adapters/storage/local-disk.storage.js';
import { S3Storage } from '../../src/adapters/storage/s3.storage.js';
import { assertBucketReachable } from '../../src/adapters/storage/s3-client.js';
import { type ChunkStagingSubject, chunkStagingContract } from '../chunk-staging-port.contract.js';
import { useTempDir } from '../harness.js';
import { useS3Server } from '../s3-server.js';
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
  const s3 = useS3Server();
  let tmpDir: string;
  let storage: StoragePortSubject;
  let chunks: ChunkStagingSubject;
  beforeAll(async () => {
    const { client, server } = s3;
    tmpDir = await folder('s3-tmp');
    storage = { storage: new S3Storage(client, server.bucket, tmpDir), workDir: await folder('s3-work'), copies: true };
    chunks = { staging: new S3ChunkStaging(client, server.bucket), workDir: await folder('s3-assembled') };
  });

  storagePortContract(() => storage);
  chunkStagingContract(() => chunks);

  it('leaves nothing in its temporary folder', async () => {
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it('checks at start that the bucket answers, naming it when it does not', async () => {
    await expect(assertBucketReachable(s3.client, s3.server.config)).resolves.toBeUndefined();
    const elsewhere = { ...s3.server.config, bucket: 'no-such-bucket' };
    await expect(assertBucketReachable(s3.client, elsewhere)).rejects.toThrow(
      /S3_BUCKET no-such-bucket cannot be used at http:\/\/127\.0\.0\.1:\d+ \(HTTP 404/,
    );
  });
});
