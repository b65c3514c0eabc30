import { existsSync } from 'node:fs';
import { readFile, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type ApiError,
  type CompressionJob,
  ErrorMessages,
  type FileUploadResponse,
  FREE_COMPRESSION_LIMIT_BYTES,
  STORAGE_LIMIT_BYTES,
  TEMPORARY_FILE_TTL_MS,
} from '@shrinkly/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { StoragePort } from '../../src/adapters/storage/storage.port.js';
import { compressionJobs, files, users } from '../../src/db/schema/index.js';
import { CompressionJobHandler } from '../../src/features/compression/compression.job-handler.js';
import { SweeperService } from '../../src/features/maintenance/sweeper.service.js';
import { makePhotoPng } from '../fixtures.js';
import { fileForm, signUp, TEST_CARD, TestClock, usePhotoPng, useTempDir, useTestApp } from '../harness.js';

describe('plans, quotas, expiry and batches', () => {
  const clock = new TestClock();

  const upload = (token: string, fields: Record<string, string> = {}, file = png, name = 'shot.png') =>
    fileForm(file, name, { compressionLevel: 'maximum', ...fields }).then((body) =>
      t.fetch('/api/files/upload', { method: 'POST', body, headers: { authorization: `Bearer ${token}` } }),
    );
  const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => undefined,
      (e: unknown) => e as ApiError,
    );
  const db = () => t.running.database.db;
  /** The database row of an uploaded file. */
  const fileRow = async (fileId: string | null) => {
    const [row] = await db()
      .select()
      .from(files)
      .where(eq(files.id, fileId as string));
    return row;
  };

  const t = useTestApp({ clock, env: { COMPRESS_SYNC_WAIT_MS: '60000' } });
  const dir = useTempDir('shrinkly-plans-');
  const png = usePhotoPng(dir, 'shot.png', 160, 120);

  describe('the trial', () => {
    it('starts with a valid card, keeps only brand, last 4 and expiry, and only once', async () => {
      const user = await signUp(t);
      const started = await user.api.setupTrial({ creditCard: TEST_CARD });
      expect(started).toMatchObject({ isTrialActive: true, isSubscribed: false, subscriptionStatus: 'trial' });
      expect(new Date(started.trialEndDate as string).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
      const [row] = await db().select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ cardBrand: 'visa', cardLast4: '4242', cardExpMonth: 12, cardExpYear: 2039 });
      expect(JSON.stringify(row)).not.toContain('4242424242424242');
      expect(JSON.stringify(row)).not.toContain('"123"');
      expect((await failure(user.api.setupTrial({ creditCard: TEST_CARD })))?.status).toBe(409);
    });

    it('refuses incomplete, invalid, expired and declined cards', async () => {
      const user = await signUp(t);
      const cases: [Partial<typeof TEST_CARD>, number, string][] = [
        [{ cardNumber: '' }, 400, 'Please fill in all credit card fields'],
        [{ cardNumber: '4242 4242 4242 4241' }, 400, 'Card number is not valid'],
        [{ expiryDate: '13/30' }, 400, 'MM/YY'],
        [{ cvv: '12' }, 400, 'CVV'],
        [{ expiryDate: '01/20' }, 402, ErrorMessages.cardExpired],
        [{ cardNumber: '4000 0000 0000 0002' }, 402, ErrorMessages.cardDeclined],
      ];
      for (const [change, status, message] of cases) {
        const err = await failure(user.api.setupTrial({ creditCard: { ...TEST_CARD, ...change } }));
        expect([err?.status, err?.message]).toEqual([status, expect.stringContaining(message)]);
      }
      expect((await user.api.me()).isTrialActive).toBe(false);
    });
  });

  describe('batches', () => {
    it('are refused with 403 for free accounts, whether opened or used', async () => {
      const free = await signUp(t);
      const err = await failure(free.api.createBatch({ fileCount: 2 }));
      expect([err?.status, err?.serverMessage]).toEqual([403, ErrorMessages.batchPremium]);
      const res = await upload(free.token, { batchId: '00000000-0000-4000-8000-000000000000' });
      expect(res.status).toBe(403);
      expect(await free.api.listFiles({})).toEqual([]);
    });

    it('take at most 3 files, with bmp and txt besides the dashboard types', async () => {
      const trial = await signUp(t);
      await trial.api.setupTrial({ creditCard: TEST_CARD });
      expect((await failure(trial.api.createBatch({ fileCount: 4 })))?.status).toBe(400);
      const { batchId, maxFiles } = await trial.api.createBatch({ fileCount: 3 });
      expect(maxFiles).toBe(3);
      const bmp = path.join(dir, 'scan.bmp');
      const txt = path.join(dir, 'notes.txt');
      await writeFile(bmp, await bmpOf(png));
      await writeFile(txt, 'Meeting notes\n'.repeat(50));
      // Plain text is not a single-upload type.
      expect((await upload(trial.token, {}, txt, 'notes.txt')).status).toBe(415);
      const results = await Promise.all([
        upload(trial.token, { batchId }, png, 'one.png'),
        upload(trial.token, { batchId }, bmp, 'scan.bmp'),
        upload(trial.token, { batchId }, txt, 'notes.txt'),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      const stored = await trial.api.listFiles({});
      // A BMP is stored as the PNG it was compressed to, and named so.
      expect(stored.map((f) => f.name).sort()).toEqual(['notes.txt', 'one.png', 'scan.png']);
      expect(stored.find((f) => f.format === 'txt')).toMatchObject({ isCompressed: false, category: 'document' });
      // Trial accounts keep their files.
      expect(stored.every((f) => f.expiresAt === null)).toBe(true);
      const fourth = await upload(trial.token, { batchId }, png, 'four.png');
      expect([fourth.status, await messageOf(fourth)]).toEqual([409, ErrorMessages.batchFull]);
      // Another user's batch is not found.
      const other = await signUp(t);
      await other.api.setupTrial({ creditCard: TEST_CARD });
      expect((await upload(other.token, { batchId })).status).toBe(404);
    });
  });

  describe('size limits', () => {
    it('asks free accounts for a plan at 100 MB, without keeping anything', async () => {
      const free = await signUp(t);
      const big = path.join(dir, 'big.png');
      await writeFile(big, '');
      await truncate(big, FREE_COMPRESSION_LIMIT_BYTES);
      const res = await upload(free.token, {}, big, 'big.png');
      expect(res.status).toBe(402);
      expect(await messageOf(res)).toContain('Premium subscription required');
      await rm(big);
      expect(await free.api.listFiles({})).toEqual([]);
    });

    it('refuses an upload that would pass the 10 GB of storage with 413 and keeps nothing', async () => {
      const trial = await signUp(t);
      await trial.api.setupTrial({ creditCard: TEST_CARD });
      // Almost full: the compressed picture does not fit in what is left.
      await db()
        .update(users)
        .set({ storageUsed: STORAGE_LIMIT_BYTES - 100 })
        .where(eq(users.id, trial.id));
      const res = await upload(trial.token);
      expect([res.status, await messageOf(res)]).toEqual([413, ErrorMessages.storageFull]);
      expect(await db().select().from(files).where(eq(files.userId, trial.id))).toEqual([]);
      // Full: refused before anything is stored.
      await db().update(users).set({ storageUsed: STORAGE_LIMIT_BYTES }).where(eq(users.id, trial.id));
      expect((await upload(trial.token)).status).toBe(413);
    });
  });

  it('removes free accounts\u2019 files after 24 hours, with their blobs and storage', async () => {
    const free = await signUp(t);
    const body = (await (await upload(free.token)).json()) as FileUploadResponse;
    const row = await fileRow(body.fileId);
    const key = row?.blobKey as string;
    const blob = path.join(t.dataDir, 'blobs', key.slice(0, 2), key);
    expect(existsSync(blob)).toBe(true);
    expect((await free.api.stats()).totalFiles).toBe(1);

    clock.offsetMs = TEMPORARY_FILE_TTL_MS + 60_000;
    try {
      const report = await t.running.app.get(SweeperService).sweep();
      expect(report.files).toBeGreaterThanOrEqual(1);
    } finally {
      clock.offsetMs = 0;
    }
    expect(existsSync(blob)).toBe(false);
    expect(await free.api.listFiles({})).toEqual([]);
    expect(await free.api.stats()).toMatchObject({ totalFiles: 0, storageUsed: 0 });
    expect((await free.api.me()).storageUsed).toBe(0);
  });

  it('leaves a ready file as it is when its job runs again after a restart, and keeps unfinished jobs from the sweeper', async () => {
    const user = await signUp(t);
    const body = (await (await upload(user.token)).json()) as FileUploadResponse;
    const before = await fileRow(body.fileId);
    // As if the server stopped after the file became ready but before its job was marked completed.
    const copy = path.join(dir, 'again.png');
    await writeFile(copy, await readFile(png));
    const input = await t.running.app.get(StoragePort).putFile(copy);
    await db()
      .update(compressionJobs)
      .set({ status: 'queued', inputBlob: input.key, expiresAt: new Date(Date.now() - 1000) })
      .where(eq(compressionJobs.id, body.jobId));
    // A queued job is not swept, however old.
    await t.running.app.get(SweeperService).sweep();
    expect(await db().select().from(compressionJobs).where(eq(compressionJobs.id, body.jobId))).toHaveLength(1);
    expect(
      await t.running.app.get(CompressionJobHandler).run(body.jobId, new AbortController().signal, { redelivered: false }),
    ).toBe('success');
    const after = await fileRow(body.fileId);
    expect(after).toEqual(before);
    expect(existsSync(path.join(t.dataDir, 'blobs', input.key.slice(0, 2), input.key))).toBe(false);
    expect((await user.api.stats()).storageUsed).toBe(before?.storedSize);
  });

  it('keeps a free file for good once the trial starts', async () => {
    const user = await signUp(t);
    await upload(user.token);
    expect((await user.api.listFiles({}))[0]?.expiresAt).not.toBeNull();
    await user.api.setupTrial({ creditCard: TEST_CARD });
    expect((await user.api.listFiles({}))[0]?.expiresAt).toBeNull();
  });
});

describe('a compression longer than the request', () => {
  const t = useTestApp({ env: { COMPRESS_SYNC_WAIT_MS: '0' } });
  const dir = useTempDir('shrinkly-async-');

  it('answers 202 with the job, which the client follows until the file is stored', async () => {
    const png = path.join(dir, 'shot.png');
    await makePhotoPng(png, 160, 120);
    const { token, api } = await signUp(t);
    const res = await t.fetch('/api/files/upload', {
      method: 'POST',
      body: await fileForm(png, 'shot.png'),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(202);
    const body = (await res.json()) as FileUploadResponse;
    expect(body).toMatchObject({ compressedSize: null, file: null });
    expect(['queued', 'processing']).toContain(body.status);
    let job: CompressionJob;
    do {
      await new Promise((r) => setTimeout(r, 200));
      job = await api.compressionJob({ jobId: body.jobId });
    } while (job.status !== 'completed' && job.status !== 'failed');
    expect(job).toMatchObject({ status: 'completed', progress: 100, temporaryUrl: null });
    const [stored] = await api.listFiles({});
    expect(stored?.id).toBe(body.fileId);
    expect(stored?.compressedSize).toBe(job.compressedSize);
  });

  it('reports a damaged file as a failed job and keeps nothing', async () => {
    const broken = path.join(dir, 'broken.png');
    const whole = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#a33' } })
      .png()
      .toBuffer();
    await writeFile(broken, whole.subarray(0, 200));
    const { token } = await signUp(t);
    const res = await t.fetch('/api/files/upload', {
      method: 'POST',
      body: await fileForm(broken, 'broken.png'),
      headers: { authorization: `Bearer ${token}` },
    });
    const { jobId } = (await res.json()) as FileUploadResponse;
    let job: CompressionJob;
    do {
      await new Promise((r) => setTimeout(r, 200));
      job = await t.as(token).compressionJob({ jobId });
    } while (job.status !== 'completed' && job.status !== 'failed');
    expect(job.status).toBe('failed');
    expect(job.error).toBeTruthy();
    expect(await t.as(token).listFiles({})).toEqual([]);
    expect((await t.as(token).stats()).storageUsed).toBe(0);
  });
});

/** A 24-bit BMP of a picture (sharp writes no BMP): header, then bottom-up BGR rows padded to 4 bytes. */
async function bmpOf(file: string): Promise<Buffer> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const rowSize = Math.ceil((info.width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + rowSize * info.height);
  out.write('BM', 0);
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(info.width, 18);
  out.writeInt32LE(info.height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(rowSize * info.height, 34);
  for (let y = 0; y < info.height; y++) {
    const target = 54 + (info.height - 1 - y) * rowSize;
    for (let x = 0; x < info.width; x++) {
      const s = (y * info.width + x) * 3;
      out[target + x * 3] = data[s + 2] as number;
      out[target + x * 3 + 1] = data[s + 1] as number;
      out[target + x * 3 + 2] = data[s] as number;
    }
  }
  return out;
}
