import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { CompressionResponse } from '@shrinkly/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePhotoJpeg } from '../fixtures.js';
import { chunkedUpload, fileForm, sendChunk, useTempDir, useTestApp } from '../harness.js';
import { useS3Server } from '../s3-server.js';

describe('the server with STORAGE=s3', () => {
  const s3 = useS3Server();
  const t = useTestApp(() => ({ env: { ...s3.server.env, COMPRESS_SYNC_WAIT_MS: '30000' } }));
  const dir = useTempDir('shrinkly-s3-app-');

  const objectsUnder = async (prefix: string) =>
    ((await s3.client.send(new ListObjectsV2Command({ Bucket: s3.server.bucket, Prefix: prefix }))).Contents ?? []).map(
      (o) => o.Key,
    );

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
    const upload = await chunkedUpload(photo, 's3-chunked');
    expect(upload.totalChunks).toBeGreaterThanOrEqual(2);
    for (const index of [...Array(upload.totalChunks).keys()].reverse())
      expect((await sendChunk(t, photo, { ...upload, index })).status).toBe(200);
    expect((await objectsUnder('uploads/s3-chunked/chunks/')).length).toBe(upload.totalChunks);
    const res = await t.fetch('/api/assemble-chunks', { method: 'POST', json: { ...upload, compressionLevel: 'balanced' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as CompressionResponse;
    expect(body.status).toBe('completed');
    await expectRangedDownloads(body.downloadUrl!, body.compressionResult!.compressedSize);
    expect(await objectsUnder('uploads/')).toEqual([]);
    expect(existsSync(path.join(t.dataDir, 'uploads'))).toBe(false);
  });
});
