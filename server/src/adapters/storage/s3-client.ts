import { HeadBucketCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config/app.config.js';

/**
 * The one S3 client of a process, for blobs and chunk staging alike. Checksums only where S3 requires them: the
 * SDK's default (a CRC32 trailer on every upload, checked on every download) is refused or ignored by many servers
 * other than AWS, and TLS already protects the bytes in transit.
 */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** True for S3's "no such key" answers: NoSuchKey from GET, a bare 404 (NotFound) from HEAD. */
export function isMissingObject(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound');
}

/** Fails the start when the bucket cannot be reached with the configured address and credentials. */
export async function assertBucketReachable(client: S3Client, config: S3Config): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
  } catch (err) {
    const where = config.endpoint ?? `AWS S3 (${config.region})`;
    const status = err instanceof S3ServiceException ? ` (HTTP ${err.$metadata.httpStatusCode ?? '?'} ${err.name})` : '';
    throw new Error(`S3_BUCKET ${config.bucket} cannot be used at ${where}${status}: ${(err as Error).message || 'no answer'}`, {
      cause: err,
    });
  }
}
