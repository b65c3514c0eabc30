import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { isMissingObject } from './s3-client.js';
import { type BlobInfo, MissingBlobError, StoragePort } from './storage.port.js';

/**
 * Parts of 5 MB (S3's smallest), two in flight: a put holds a few parts of a file in memory, whatever its size, and
 * the largest file allowed (5 GB) takes about 1000 of S3's 10,000 parts.
 */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** The first `length` bytes of a stream; reading stops there. */
function firstBytes(source: Readable, length: number): Readable {
  return Readable.from(
    (async function* () {
      let left = length;
      for await (const chunk of source) {
        const piece = (chunk as Buffer).subarray(0, left);
        left -= piece.length;
        yield piece;
        if (left === 0) break;
      }
    })(),
  );
}

/**
 * Blobs as objects `blobs/<key>` in one bucket of an S3-compatible store. Files go up as streams (a multipart
 * upload above one part), come down as streams (a ranged GET for a Range request), and a tool that needs a file
 * gets a private copy in this process's temp folder for the time it runs.
 */
export class S3Storage extends StoragePort {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    /** Where local copies are made: this process's temp folder. */
    private readonly tmpDir: string,
  ) {
    super();
  }

  private objectOf(key: string): { Bucket: string; Key: string } {
    return { Bucket: this.bucket, Key: `blobs/${key}` };
  }

  async putFile(localPath: string): Promise<BlobInfo> {
    const key = randomUUID();
    const { size } = await stat(localPath);
    const upload = new Upload({
      client: this.client,
      params: { ...this.objectOf(key), Body: createReadStream(localPath) },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
    });
    await upload.done();
    await rm(localPath, { force: true });
    return { key, size };
  }

  async withLocalCopy<T>(key: string, work: (localPath: string) => Promise<T>): Promise<T> {
    await mkdir(this.tmpDir, { recursive: true });
    const dir = await mkdtemp(path.join(this.tmpDir, 'blob-'));
    try {
      const copy = path.join(dir, key);
      await pipeline(await this.openRead(key), createWriteStream(copy, { mode: 0o600 }));
      return await work(copy);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async openRead(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const command = new GetObjectCommand({ ...this.objectOf(key), Range: range && `bytes=${range.start}-${range.end}` });
    const answer = await this.about(key, this.client.send(command));
    const body = answer.Body as Readable;
    if (!range) return body;
    // Some servers answer a range that ends at byte 0 (`bytes=0-0`) with the whole object; a 206 must carry exactly
    // the bytes it announces.
    if (!answer.ContentRange?.startsWith(`bytes ${range.start}-`)) {
      body.destroy();
      throw new Error(
        `blob ${key}: asked for bytes ${range.start}-${range.end}, the store sent ${answer.ContentRange ?? 'the whole object'}`,
      );
    }
    const length = range.end - range.start + 1;
    return (answer.ContentLength ?? 0) > length ? firstBytes(body, length) : body;
  }

  async size(key: string): Promise<number> {
    return (await this.about(key, this.client.send(new HeadObjectCommand(this.objectOf(key))))).ContentLength ?? 0;
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing object with success, as the port wants.
    await this.client.send(new DeleteObjectCommand(this.objectOf(key)));
  }

  /** A request about one blob, with S3's "no such key" turned into the port's MissingBlobError. */
  private async about<T>(key: string, request: Promise<T>): Promise<T> {
    try {
      return await request;
    } catch (err) {
      if (isMissingObject(err)) throw new MissingBlobError(key);
      throw err;
    }
  }
}
