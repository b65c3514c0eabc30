import type { S3Client } from '@aws-sdk/client-s3';
import type { AppConfig } from '../../config/app.config.js';
import type { ChunkStagingPort } from './chunk-staging.port.js';
import { LocalDiskChunkStaging } from './local-disk.chunk-staging.js';
import { S3ChunkStaging } from './s3.chunk-staging.js';

/**
 * Chunk staging from the configuration: beside the blobs in S3 with STORAGE=s3 (given the process's S3 client), so
 * any process of a fleet may receive any chunk; else DATA_DIR/uploads on local disk (the embedded default).
 */
export function createChunkStaging(config: AppConfig, s3Client?: S3Client): ChunkStagingPort {
  if (config.s3 && s3Client) return new S3ChunkStaging(s3Client, config.s3.bucket);
  return new LocalDiskChunkStaging(`${config.dataDir}/uploads`);
}
