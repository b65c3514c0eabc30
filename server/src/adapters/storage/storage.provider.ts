import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { AppConfig } from '../../config/app.config.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { S3Storage } from './s3.storage.js';
import { assertBucketReachable, createS3Client } from './s3-client.js';
import type { StoragePort } from './storage.port.js';

/** Where blobs are kept, and the S3 client when that is S3 (chunk staging shares it). */
export interface BlobStore {
  storage: StoragePort;
  s3Client: S3Client | undefined;
}

/**
 * Blob storage from STORAGE: files under DATA_DIR/blobs (the embedded default), or objects in S3_BUCKET, which must
 * answer before the server starts.
 */
export async function openBlobStore(config: AppConfig): Promise<BlobStore> {
  if (!config.s3) return { storage: new LocalDiskStorage(path.join(config.dataDir, 'blobs')), s3Client: undefined };
  const s3Client = createS3Client(config.s3);
  await assertBucketReachable(s3Client, config.s3);
  return { storage: new S3Storage(s3Client, config.s3.bucket, config.tmpDir), s3Client };
}
