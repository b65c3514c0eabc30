import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { CHUNK_SIZE_BYTES, type CompressionResponse } from '@shrinkly/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client } from '../../src/adapters/storage/s3-client.js';
import { makePhotoJpeg } from '../fixtures.js';
import { fileForm, sendChunk, startTestApp, type TestApp } from '../harness.js';
import { startS3Server, type TestS3Server } from '../s3-server.js';

describe('the server with STORAGE=s3', () => {
  let s3: TestS3Server;
  let client: S3Client;
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    client = createS3Client(s3.config);
    t = await startTestApp({ env: { ...s3.env, COMPRESS_SYNC_WAIT_MS: '30000' } });
    dir = await mkdtemp(path.join(tmpdir(), 'shrinkly-s3-app-'));
  });
  afterAll(async () => {
    await t?.close();
    client?.destroy();
    await s3?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const objectsUnder = async (prefix: string) =>
    ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ?? []).map((o) => o.Key);

  /** Downloads a result whole and by ranges (first byte, middle, last byte): the bytes come from the bucket. */
  async function expectRangedDownloads(url: string, size: number): Promise<Buffer> {
    const whole = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(whole.length).toBe(size);
    for (const [start, end] of [
      [0, 0],
      [10, 99],
      [size - 1, size - 1],
    ] as const) {
      const part = await fetch(url, { headers: { range: `bytes=${start}-${end}` } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(start, end + 1))).toBe(true);
    }
    expect((await fetch(url, { headers: { range: `bytes=${size + 10}-` } })).status).toBe(416);
    return whole;
  }

  it('uploads, compresses and serves ranges of the result from the bucket, with nothing kept on local disk', async () => {
    const photo = path.join(dir, 'holiday photo.jpg');
    await makePhotoJpeg(photo);
    const before = new Set(await objectsUnder('blobs/'));
    const res = await t.fetch('/api/compress', {
      method: 'POST',
      body: await fileForm(photo, 'holiday photo.jpg', { compressionLevel: 'balanced' }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as CompressionResponse;
    expect(body.status).toBe('completed');
    const size = body.compressionResult!.compressedSize;
    expect(size).toBeLessThan((await stat(photo)).size);
    const result = await expectRangedDownloads(body.downloadUrl!, size);
    expect(await sharp(result).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
    expect((await objectsUnder('blobs/')).filter((key) => !before.has(key)).length).toBeGreaterThanOrEqual(1);
    expect(existsSync(path.join(t.dataDir, 'blobs'))).toBe(false);
  });

  it('stages chunked uploads in the bucket and assembles them into a compressed result', async () => {
    const photo = path.join(dir, 'big photo.jpg');
    await makePhotoJpeg(photo, 4000, 3000);
    const size = (await stat(photo)).size;
    const totalChunks = Math.ceil(size / CHUNK_SIZE_BYTES);
    expect(totalChunks).toBeGreaterThanOrEqual(2);
    const upload = { uploadId: 's3-chunked', totalChunks, fileName: 'big photo.jpg', fileSize: size };
    for (const index of [...Array(totalChunks).keys()].reverse())
      expect((await sendChunk(t, photo, { ...upload, index })).status).toBe(200);
    expect((await objectsUnder('uploads/s3-chunked/chunks/')).length).toBe(totalChunks);
    const res = await t.fetch('/api/assemble-chunks', { method: 'POST', json: { ...upload, compressionLevel: 'balanced' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as CompressionResponse;
    expect(body.status).toBe('completed');
    await expectRangedDownloads(body.downloadUrl!, body.compressionResult!.compressedSize);
    expect(await objectsUnder('uploads/')).toEqual([]);
    expect(existsSync(path.join(t.dataDir, 'uploads'))).toBe(false);
  });
});
