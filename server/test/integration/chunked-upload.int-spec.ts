import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type CompressionJob,
  type CompressionResponse,
  FREE_COMPRESSION_LIMIT_BYTES,
  PAID_DOWNLOAD_TTL_MS,
  PAY_PER_FILE_PRICE_USD,
} from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { payments } from '../../src/db/schema/index.js';
import { makePhotoJpeg, makeStoredZip } from '../fixtures.js';
import { chunkedUpload, sendChunk, type TestApp, useTempDir, useTestApp } from '../harness.js';

async function waitFor(t: TestApp, jobId: string, status: string): Promise<CompressionJob> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const job = (await (await t.fetch(`/api/compression-job/${jobId}`)).json()) as CompressionJob;
    if (job.status === status || Date.now() > deadline) return job;
    if (job.status === 'failed') throw new Error(`job failed: ${job.error}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('chunked uploads and paid compression', () => {
  const t = useTestApp({ env: { COMPRESS_SYNC_WAIT_MS: '20000' } });
  const dir = useTempDir('shrinkly-chunks-');
  let archive: Promise<string> | undefined;
  /** A STORED zip of 100 MB (the paid line), written once and uploaded by each test under its own upload id. */
  const largeArchive = () =>
    (archive ??= (async () => {
      const file = path.join(dir, 'large archive.zip');
      await makeStoredZip(file, FREE_COMPRESSION_LIMIT_BYTES);
      return file;
    })());

  it('assembles chunks sent out of order and twice, then compresses the file', async () => {
    const photo = path.join(dir, 'big photo.jpg');
    await makePhotoJpeg(photo, 4000, 3000);
    const upload = await chunkedUpload(photo, 'upload-out-of-order');
    expect(upload.totalChunks).toBeGreaterThanOrEqual(2);
    const order = [...Array(upload.totalChunks).keys()].reverse();
    for (const index of [...order, 0]) expect((await sendChunk(t, photo, { ...upload, index })).status).toBe(200);
    const res = await t.fetch('/api/assemble-chunks', { method: 'POST', json: { ...upload, compressionLevel: 'balanced' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as CompressionResponse;
    expect(body).toMatchObject({ requiresPayment: false, fileSize: upload.fileSize });
    const job = await waitFor(t, body.jobId, 'completed');
    expect(job.compressedSize).toBeLessThan(upload.fileSize);
    expect(await readdir(path.join(t.dataDir, 'uploads'))).toEqual([]);
  });

  it('refuses inconsistent chunks and incomplete assemblies with a clear 4xx', async () => {
    const photo = path.join(dir, 'p.jpg');
    await makePhotoJpeg(photo, 4000, 3000);
    const upload = await chunkedUpload(photo, 'upload-partial');
    const first = { ...upload, index: 0 };
    expect((await sendChunk(t, photo, first)).status).toBe(200);
    // Same id, other file: conflict.
    expect((await sendChunk(t, photo, { ...first, fileName: 'other.jpg' })).status).toBe(409);
    // Wrong chunk count for the size.
    const wrongCount = { ...first, uploadId: 'upload-wrong-count', totalChunks: upload.totalChunks + 3 };
    expect((await sendChunk(t, photo, wrongCount)).status).toBe(400);
    // An uploadId that tries to leave the folder.
    expect((await sendChunk(t, photo, { ...first, uploadId: '../../escape' })).status).toBe(400);
    const missing = await t.fetch('/api/assemble-chunks', { method: 'POST', json: upload });
    expect(missing.status).toBe(409);
    expect(((await missing.json()) as { message: string }).message).toMatch(/Missing chunks: 1/);
    const tooBig = await t.fetch('/api/assemble-chunks', {
      method: 'POST',
      json: { uploadId: 'upload-huge', totalChunks: 5121, fileName: 'x.mp4', fileSize: 5 * 1024 ** 3 + 1 },
    });
    expect(tooBig.status).toBe(413);
  });

  it('asks $1.00 for a file of 100 MB or more, refuses to process it unpaid, then compresses it once paid', async () => {
    const archive = await largeArchive();
    const upload = await chunkedUpload(archive, 'upload-paid-archive');
    expect(upload.fileSize).toBeGreaterThanOrEqual(FREE_COMPRESSION_LIMIT_BYTES);
    for (let index = 0; index < upload.totalChunks; index++)
      expect((await sendChunk(t, archive, { ...upload, index })).status).toBe(200);
    const res = await t.fetch('/api/assemble-chunks', { method: 'POST', json: { ...upload, compressionLevel: 'balanced' } });
    const body = (await res.json()) as CompressionResponse;
    expect(body).toMatchObject({
      status: 'payment_required',
      requiresPayment: true,
      cost: PAY_PER_FILE_PRICE_USD,
      downloadUrl: null,
    });
    expect(body.paymentUrl).toMatch(/\/api\/payments\/sandbox\/checkout\//);

    const unpaid = await t.fetch(`/api/process-paid-compression/${body.jobId}`, { method: 'POST' });
    expect(unpaid.status).toBe(402);

    const checkout = await fetch(body.paymentUrl as string);
    expect(checkout.status).toBe(200);
    const page = await checkout.text();
    expect(page).toContain('TEST MODE');
    expect(page).toContain('large archive.zip');

    const pay = await fetch(body.paymentUrl as string, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'pay' }),
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(`/payment-success/compression?jobId=${body.jobId}&paymentId=sandbox-${body.jobId}`);
    const ledger = await t.running.database.db.select().from(payments);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      kind: 'compression',
      amount: 1,
      currency: 'USD',
      jobId: body.jobId,
      provider: 'sandbox',
      userId: null,
    });

    const started = await t.fetch(`/api/process-paid-compression/${body.jobId}`, { method: 'POST' });
    expect(started.status).toBe(200);
    const job = await waitFor(t, body.jobId, 'completed');
    expect(job.isPaid).toBe(true);
    expect(job.compressedSize).toBeLessThan(upload.fileSize);
    const expiresIn = new Date(job.downloadExpiresAt as string).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(PAID_DOWNLOAD_TTL_MS - 5 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(PAID_DOWNLOAD_TTL_MS);
    const download = await fetch(job.temporaryUrl as string);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="large archive.zip"');
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(job.compressedSize);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
  }, 180_000);

  it('marks a job paid through the sandbox simulation route, and cancel/decline lead to the failure pages', async () => {
    const archive = await largeArchive();
    const upload = await chunkedUpload(archive, 'upload-sim', 'second.zip');
    for (let index = 0; index < upload.totalChunks; index++) await sendChunk(t, archive, { ...upload, index });
    const body = (await (await t.fetch('/api/assemble-chunks', { method: 'POST', json: upload })).json()) as CompressionResponse;
    const cancel = await fetch(body.paymentUrl as string, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'cancel' }),
      redirect: 'manual',
    });
    expect(cancel.headers.get('location')).toBe(`/payment-error?error=payment_cancelled&jobId=${body.jobId}`);
    const decline = await fetch(body.paymentUrl as string, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'decline' }),
      redirect: 'manual',
    });
    expect(decline.headers.get('location')).toBe(`/payment-failed?jobId=${body.jobId}`);
    expect((await t.fetch(`/api/process-paid-compression/${body.jobId}`, { method: 'POST' })).status).toBe(402);
    const simulated = (await (
      await t.fetch(`/api/simulate-payment-success/${body.jobId}`, { method: 'POST' })
    ).json()) as CompressionJob;
    expect(simulated.isPaid).toBe(true);
    expect((await t.fetch(`/api/process-paid-compression/${body.jobId}`, { method: 'POST' })).status).toBe(200);
  }, 120_000);
});
