import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import {
  type _Object,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { isMissingObject } from '../storage/s3-client.js';
import { ChunkStagingPort, type UploadMeta } from './chunk-staging.port.js';

/** One received chunk, as its object's name says: `<uploadId>/chunks/<index>@<offset>`. */
interface StagedChunk {
  key: string;
  index: number;
  offset: number;
  size: number;
}

const CHUNK_NAME = /\/chunks\/(\d+)@(\d+)$/;

/**
 * Chunks as objects under `uploads/` in the blob bucket, so every process of a fleet sees every upload: per upload a
 * `meta.json` and one object per chunk, named by its index and offset. A chunk's object exists only once its bytes
 * are stored, and a retried chunk replaces it. Assembly writes each chunk at its offset of the local target file.
 */
export class S3ChunkStaging extends ChunkStagingPort {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {
    super();
  }

  private prefixOf(uploadId: string): string {
    return `uploads/${uploadId}/`;
  }

  async describe(uploadId: string, meta: UploadMeta): Promise<UploadMeta> {
    const Key = `${this.prefixOf(uploadId)}meta.json`;
    const stored = await this.readMeta(Key);
    if (stored) return stored;
    try {
      // Create-only where the store supports conditional writes; two first chunks racing on a store that does not
      // both write the same description their client sent.
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: JSON.stringify(meta), IfNoneMatch: '*' }));
    } catch (err) {
      const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
      if (status !== 412 && status !== 409) throw err;
    }
    return (await this.readMeta(Key)) ?? meta;
  }

  private async readMeta(Key: string): Promise<UploadMeta | undefined> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
      return JSON.parse(await answer.Body!.transformToString()) as UploadMeta;
    } catch (err) {
      if (isMissingObject(err)) return undefined;
      throw err;
    }
  }

  async writeChunk(uploadId: string, index: number, offset: number, bytes: Buffer): Promise<void> {
    const Key = `${this.prefixOf(uploadId)}chunks/${index}@${offset}`;
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: bytes, ContentLength: bytes.length }));
  }

  async received(uploadId: string): Promise<Set<number>> {
    return new Set((await this.chunksOf(uploadId)).map((chunk) => chunk.index));
  }

  async size(uploadId: string): Promise<number> {
    return Math.max(0, ...(await this.chunksOf(uploadId)).map((chunk) => chunk.offset + chunk.size));
  }

  async takeAssembled(uploadId: string, target: string): Promise<void> {
    await mkdir(path.dirname(target), { recursive: true });
    const file = await open(target, 'w', 0o600);
    try {
      // One chunk (1 MB) in memory at a time, written at its offset as the local disk staging does.
      for (const chunk of await this.chunksOf(uploadId)) {
        const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: chunk.key }));
        const bytes = await answer.Body!.transformToByteArray();
        await file.write(bytes, 0, bytes.length, chunk.offset);
      }
    } finally {
      await file.close();
    }
    await this.removeObjects(await this.objectsUnder(this.prefixOf(uploadId)));
  }

  async removeAbandoned(now: Date, maxAgeMs: number): Promise<number> {
    const byUpload = new Map<string, _Object[]>();
    for (const object of await this.objectsUnder('uploads/')) {
      const uploadId = object.Key!.split('/')[1]!;
      byUpload.set(uploadId, [...(byUpload.get(uploadId) ?? []), object]);
    }
    let removed = 0;
    for (const objects of byUpload.values()) {
      // The newest chunk counts as the upload's last activity.
      const last = Math.max(...objects.map((o) => o.LastModified?.getTime() ?? 0));
      if (now.getTime() - last > maxAgeMs) {
        await this.removeObjects(objects);
        removed += 1;
      }
    }
    return removed;
  }

  private async chunksOf(uploadId: string): Promise<StagedChunk[]> {
    const chunks: StagedChunk[] = [];
    for (const object of await this.objectsUnder(`${this.prefixOf(uploadId)}chunks/`)) {
      const match = CHUNK_NAME.exec(object.Key!);
      if (match) chunks.push({ key: object.Key!, index: Number(match[1]), offset: Number(match[2]), size: object.Size ?? 0 });
    }
    return chunks;
  }

  /** Every object under a prefix, page after page. */
  private async objectsUnder(Prefix: string): Promise<_Object[]> {
    const objects: _Object[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix, ContinuationToken }));
      objects.push(...(page.Contents ?? []));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return objects;
  }

  /** Deletes objects, a thousand (S3's limit per request) at a time. */
  private async removeObjects(objects: _Object[]): Promise<void> {
    for (let i = 0; i < objects.length; i += 1000) {
      const batch = objects.slice(i, i + 1000).map((o) => ({ Key: o.Key! }));
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch, Quiet: true } }));
    }
  }
}
