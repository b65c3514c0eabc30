import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type Comparison,
  type CompressionJob,
  type CompressionLevel,
  type CompressionResponse,
  ErrorMessages,
  FREE_COMPRESSION_LIMIT_BYTES,
  qualityLabel,
  type ServiceStats,
  TEMPORARY_FILE_TTL_MS,
} from '@shrinkly/contract';
import { SSIM_FLOOR } from '@shrinkly/engine';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { StoragePort } from '../../src/adapters/storage/storage.port.js';
import { type CompressionJobRow, compressionJobs, payments } from '../../src/db/schema/index.js';
import { SweeperService } from '../../src/features/maintenance/sweeper.service.js';
import { SERVICE_STATS_TTL_MS, ServiceStatsService } from '../../src/features/service-stats/service-stats.service.js';
import { makePhotoJpeg, makePhotoPdf, makeWithFfmpeg } from '../fixtures.js';
import { fileForm, newUser, TestClock, useTempDir, useTestApp } from '../harness.js';

const form = fileForm;

describe('public compression over HTTP', () => {
  let photo: string;
  const clock = new TestClock();
  const t = useTestApp({ clock, env: { COMPRESS_SYNC_WAIT_MS: '30000' } });
  const dir = useTempDir('shrinkly-compress-');
  beforeAll(async () => {
    photo = path.join(dir, 'holiday photo.jpg');
    await makePhotoJpeg(photo);
  });

  const post = async (pathname: string, body: FormData, token?: string) =>
    t.fetch(pathname, { method: 'POST', body, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('compresses a JPEG at each level and downloads a smaller, valid JPEG with its name', async () => {
    const sizes: number[] = [];
    for (const level of ['light', 'balanced', 'maximum']) {
      const res = await post('/api/compress', await form(photo, 'holiday photo.jpg', { compressionLevel: level }));
      expect(res.status).toBe(200);
      const body = (await res.json()) as CompressionResponse;
      expect(body).toMatchObject({
        status: 'completed',
        requiresPayment: false,
        cost: null,
        paymentUrl: null,
        fileSize: (await stat(photo)).size,
      });
      // Never larger; the stronger levels must gain something on a photo saved at quality 97.
      expect(body.compressionResult?.compressedSize).toBeLessThanOrEqual((await stat(photo)).size);
      if (level !== 'light') expect(body.compressionResult?.compressedSize).toBeLessThan((await stat(photo)).size);
      expect(body.downloadUrl).toMatch(/\/api\/downloads\/[0-9a-f-]+\?expires=\d+&sig=/);
      const download = await fetch(body.downloadUrl as string);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('image/jpeg');
      expect(download.headers.get('content-disposition')).toBe('attachment; filename="holiday photo.jpg"');
      const bytes = Buffer.from(await download.arrayBuffer());
      expect(bytes.length).toBe(body.compressionResult?.compressedSize);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
      sizes.push(bytes.length);
      // The result's quality score: the engine's SSIM, at or above the level's floor, in words by its band.
      const { qualityScore, qualityLabel: label } = body.compressionResult ?? {};
      expect(qualityScore).toBeGreaterThanOrEqual(SSIM_FLOOR[level as CompressionLevel]);
      expect(qualityScore).toBeLessThanOrEqual(1);
      expect(label).toBe(qualityLabel(qualityScore as number));
      const job = (await (await t.fetch(`/api/compression-job/${body.jobId}`)).json()) as CompressionJob;
      expect(job).toMatchObject({ qualityScore, qualityLabel: label });
    }
    expect(sizes[2]).toBeLessThanOrEqual(sizes[1] as number);
    expect(sizes[1]).toBeLessThanOrEqual(sizes[0] as number);
  });

  it('serves byte ranges of a result', async () => {
    const body = (await (await post('/api/compress', await form(photo, 'p.jpg'))).json()) as CompressionResponse;
    const whole = Buffer.from(await (await fetch(body.downloadUrl as string)).arrayBuffer());
    const part = await fetch(body.downloadUrl as string, { headers: { range: 'bytes=10-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-99/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(10, 100));
    const beyond = await fetch(body.downloadUrl as string, { headers: { range: `bytes=${whole.length + 10}-` } });
    expect(beyond.status).toBe(416);
  });

  it('previews each level from the real estimate', async () => {
    const res = await post('/api/compression-preview', await form(photo, 'holiday photo.jpg'));
    expect(res.status).toBe(200);
    const preview = (await res.json()) as {
      previews: Array<{ level: string; estimatedSize: number; spaceSaved: number; quality: number }>;
      fileType: string;
      requiresPayment: boolean;
      maxFreeSize: number;
    };
    expect(preview).toMatchObject({ fileType: 'jpg', requiresPayment: false, maxFreeSize: FREE_COMPRESSION_LIMIT_BYTES });
    expect(preview.previews.map((p) => p.level)).toEqual(['light', 'balanced', 'maximum']);
    expect(preview.previews.map((p) => p.quality)).toEqual([85, 75, 60]);
    const [light, balanced, maximum] = preview.previews as [
      (typeof preview.previews)[0],
      (typeof preview.previews)[0],
      (typeof preview.previews)[0],
    ];
    expect(maximum.estimatedSize).toBeLessThanOrEqual(balanced.estimatedSize);
    expect(balanced.estimatedSize).toBeLessThanOrEqual(light.estimatedSize);
    // The estimate is the real result: compressing at balanced gives that size.
    const done = (await (
      await post('/api/compress', await form(photo, 'x.jpg', { compressionLevel: 'balanced' }))
    ).json()) as CompressionResponse;
    expect(done.compressionResult?.compressedSize).toBe(balanced.estimatedSize);
  });

  it('answers a preview or a compression past the work budget with its reason, and keeps nothing', async () => {
    const gif = path.join(dir, 'frames.gif');
    await makeWithFfmpeg(gif, 'color=c=black:s=16x16:r=100,geq=lum=mod(N*7\\,255):cb=128:cr=128', [
      '-frames:v',
      '1200',
      '-gifflags',
      '-offsetting',
    ]);
    const preview = await post('/api/compression-preview', await form(gif, 'frames.gif'));
    expect(preview.status).toBe(422);
    expect(((await preview.json()) as { message: string }).message).toContain('1,200 frames');
    // The compression job fails at once, and the job says why.
    const res = await post('/api/compress', await form(gif, 'frames.gif'));
    const answer = (await res.json()) as CompressionResponse;
    expect(answer.status).toBe('failed');
    const job = (await (await t.fetch(`/api/compression-job/${answer.jobId}`)).json()) as CompressionJob;
    expect(job.error).toContain('up to 1,000 frames');
    expect(await readdir(path.join(t.dataDir, 'tmp', String(process.pid), 'uploads')).catch(() => [])).toEqual([]);
  });

  it('refuses content that is not an accepted type with 415, whatever its name', async () => {
    const fake = path.join(dir, 'fake.png');
    await writeFile(fake, 'this is plain text and not a picture at all\n');
    for (const route of ['/api/compress', '/api/compression-preview']) {
      const res = await post(route, await form(fake, 'fake.png'));
      expect(res.status).toBe(415);
      expect(((await res.json()) as { message: string }).message).toMatch(/Accepted types: JPG, JPEG, PNG/);
    }
    const tiff = path.join(dir, 'scan.tif');
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .tiff()
      .toFile(tiff);
    expect((await post('/api/compress', await form(tiff, 'scan.jpg'))).status).toBe(415);
  });

  it('answers 400 for a missing file or a bad level, and leaves no temporary upload behind', async () => {
    const empty = new FormData();
    empty.set('compressionLevel', 'balanced');
    expect((await post('/api/compress', empty)).status).toBe(400);
    const res = await post('/api/compress', await form(photo, 'p.jpg', { compressionLevel: 'extreme' }));
    expect(res.status).toBe(400);
    const json = await t.fetch('/api/compress', { method: 'POST', json: { file: 'x' } });
    expect(json.status).toBe(400);
    const leftovers = await readdir(path.join(t.dataDir, 'tmp', String(process.pid), 'uploads')).catch(() => []);
    expect(leftovers).toEqual([]);
  });

  it("lets an owner download and follow the job with the bearer token, and nobody else's token", async () => {
    const owner = await t.api.register(newUser());
    const other = await t.api.register(newUser());
    const body = (await (await post('/api/compress', await form(photo, 'mine.jpg'), owner.token)).json()) as CompressionResponse;
    const mine = await t.fetch(`/api/compression-jobs/${body.jobId}/download`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(mine.status).toBe(200);
    const theirs = await t.fetch(`/api/compression-jobs/${body.jobId}/download`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(theirs.status).toBe(404);
    expect((await t.fetch(`/api/compression-jobs/${body.jobId}/download`)).status).toBe(401);
    // A signed-in user's job is shown to its owner only; to anyone else it does not exist.
    expect(
      (await t.fetch(`/api/compression-job/${body.jobId}`, { headers: { authorization: `Bearer ${owner.token}` } })).status,
    ).toBe(200);
    expect(
      (await t.fetch(`/api/compression-job/${body.jobId}`, { headers: { authorization: `Bearer ${other.token}` } })).status,
    ).toBe(404);
    expect((await t.fetch(`/api/compression-job/${body.jobId}`)).status).toBe(404);
  });

  it('stops honouring a download link when it expires or is tampered with, and the sweeper removes the files', async () => {
    const body = (await (await post('/api/compress', await form(photo, 'old.jpg'))).json()) as CompressionResponse;
    const url = new URL(body.downloadUrl as string);
    const forged = new URL(url);
    forged.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await fetch(forged)).status).toBe(404);
    const job = (await t.running.database.db.select().from(compressionJobs)).find((j) => j.id === body.jobId);
    const key = job?.outputBlob as string;
    const blob = path.join(t.dataDir, 'blobs', key.slice(0, 2), key);
    expect(existsSync(blob)).toBe(true);

    clock.offsetMs = TEMPORARY_FILE_TTL_MS + 60_000;
    try {
      expect((await fetch(url)).status).toBe(404);
      const report = await t.running.app.get(SweeperService).sweep();
      expect(report.jobs).toBeGreaterThanOrEqual(1);
      expect(existsSync(blob)).toBe(false);
      expect((await t.fetch(`/api/compression-job/${body.jobId}`)).status).toBe(404);
    } finally {
      clock.offsetMs = 0;
    }
  });

  it('reports unknown jobs as 404', async () => {
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid']) {
      expect((await t.fetch(`/api/compression-job/${id}`)).status).toBe(404);
      expect((await t.fetch(`/api/process-paid-compression/${id}`, { method: 'POST' })).status).toBe(404);
    }
  });

  it('records jobs in the database with their result', async () => {
    const body = (await (
      await post('/api/compress', await form(photo, 'rec.jpg', { compressionLevel: 'maximum' }))
    ).json()) as CompressionResponse;
    const job = (await t.fetch(`/api/compression-job/${body.jobId}`).then((r) => r.json())) as CompressionJob;
    expect(job).toMatchObject({
      jobId: body.jobId,
      status: 'completed',
      progress: 100,
      isPaid: false,
      paymentUrl: null,
      error: null,
    });
    expect(job.temporaryUrl).toBe(body.downloadUrl);
    expect(await t.running.database.db.select().from(payments)).toEqual([]);
  });

  it('counts every finished compression once in the service stats, kept after the jobs are swept (STAT-04)', async () => {
    const stats = async () => (await (await t.fetch('/api/service-stats')).json()) as ServiceStats;
    const before = await stats();
    const body = (await (await post('/api/compress', await form(photo, 'counted.jpg'))).json()) as CompressionResponse;
    const result = body.compressionResult as NonNullable<CompressionResponse['compressionResult']>;
    // This process adds what it counts to the figures it serves from memory; summed again after a minute, the same.
    // The count follows the job's completion (which answered the request) by a moment.
    await expect.poll(async () => (await stats()).totalFiles).toBe(before.totalFiles + 1);
    const after = await stats();
    expect(after.compressedFiles).toBe(before.compressedFiles + 1);
    expect(after.totalOriginalSize).toBe(before.totalOriginalSize + result.originalSize);
    expect(after.totalCompressedSize).toBe(before.totalCompressedSize + result.compressedSize);
    expect(after.averageSpaceSaved).toBeGreaterThan(0);
    expect(after.averageSpaceSaved).toBeLessThanOrEqual(100);
    clock.offsetMs += SERVICE_STATS_TTL_MS + 1;
    const summed = await stats();
    expect(summed).toMatchObject({ ...after, averageSpaceSaved: summed.averageSpaceSaved });
    expect(Math.abs(summed.averageSpaceSaved - after.averageSpaceSaved)).toBeLessThanOrEqual(0.1);
    // Counting the same job again (a restart between its steps) changes nothing; the sweep of jobs neither.
    const [job] = await t.running.database.db.select().from(compressionJobs).where(eq(compressionJobs.id, body.jobId));
    await t.running.app.get(ServiceStatsService).count(job as CompressionJobRow, {
      blobKey: 'x',
      size: 1,
      format: 'jpg',
      unchanged: false,
      recipe: null,
      score: null,
      compareBlob: null,
    });
    clock.offsetMs += TEMPORARY_FILE_TTL_MS + SERVICE_STATS_TTL_MS;
    await t.running.app.get(SweeperService).sweep();
    expect(await stats()).toEqual(summed);
    // Back to today for the tests after this one (jobs are dated by the database's clock).
    clock.offsetMs = 0;
  });

  it('fits a result under a target size, says when the level cannot, and refuses a target out of range', async () => {
    const light = (await (
      await post('/api/compress', await form(photo, 'fit.jpg', { compressionLevel: 'light' }))
    ).json()) as CompressionResponse;
    const lightSize = light.compressionResult?.compressedSize as number;
    expect(light.compressionResult?.target).toBeNull();
    // Under light's size: maximum allows the stronger levels and one of them fits.
    const fitted = (await (
      await post(
        '/api/compress',
        await form(photo, 'fit.jpg', { compressionLevel: 'maximum', targetBytes: String(lightSize - 1) }),
      )
    ).json()) as CompressionResponse;
    expect(fitted.compressionResult?.target).toMatchObject({ bytes: lightSize - 1, met: true });
    expect(fitted.compressionResult?.compressedSize).toBeLessThan(lightSize);
    const job = (await (await t.fetch(`/api/compression-job/${fitted.jobId}`)).json()) as CompressionJob;
    expect(job.target).toEqual(fitted.compressionResult?.target);
    // Light alone cannot: the answer says so and gives light's result.
    const unmet = (await (
      await post('/api/compress', await form(photo, 'fit.jpg', { compressionLevel: 'light', targetBytes: String(lightSize - 1) }))
    ).json()) as CompressionResponse;
    expect(unmet.compressionResult).toMatchObject({
      compressedSize: lightSize,
      target: { bytes: lightSize - 1, met: false, level: 'light', belowFloor: false, belowFloorAllowed: false },
    });
    const refusal = async (targetBytes: string) => {
      const res = await post('/api/compress', await form(photo, 'fit.jpg', { targetBytes }));
      expect(res.status, targetBytes).toBe(400);
      return ((await res.json()) as { message: string }).message;
    };
    for (const bad of ['5', String(6 * 1024 ** 3)])
      expect(await refusal(bad)).toContain('Target size must be between 10KB and 5GB');
    expect(await refusal('ten')).toBe('targetBytes must be a number');
  });

  it('keeps a before/after view of a picture with its result, for its uploader, until the job is swept', async () => {
    const body = (await (
      await post('/api/compress', await form(photo, 'view.jpg', { maxDimension: '400' }))
    ).json()) as CompressionResponse;
    const res = await t.fetch(`/api/compression-job/${body.jobId}/compare`);
    expect(res.status).toBe(200);
    const { pairs } = (await res.json()) as Comparison;
    expect(pairs.map((p) => p.label)).toEqual(['Picture']);
    // The original drawn at the resized result's size, so the two line up.
    for (const side of ['before', 'after'] as const) {
      const jpeg = Buffer.from((pairs[0]?.[side] ?? '').split(',')[1] ?? '', 'base64');
      expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
    }
    // Swept with the job, blob and all.
    const [row] = await t.running.database.db.select().from(compressionJobs).where(eq(compressionJobs.id, body.jobId));
    const key = row?.compareBlob as string;
    expect(await t.running.app.get(StoragePort).size(key)).toBeGreaterThan(0);
    clock.offsetMs += TEMPORARY_FILE_TTL_MS + 3_600_000;
    try {
      await t.running.app.get(SweeperService).sweep();
    } finally {
      clock.offsetMs -= TEMPORARY_FILE_TTL_MS + 3_600_000;
    }
    expect((await t.fetch(`/api/compression-job/${body.jobId}/compare`)).status).toBe(404);
    await expect(t.running.app.get(StoragePort).size(key)).rejects.toThrow();
  });

  it("goes below the level's quality to fit a song under the target only when the request allows it", async () => {
    const song = path.join(dir, 'song.mp3');
    const tone = 'anoisesrc=color=pink:amplitude=0.2:d=8:r=44100';
    await makeWithFfmpeg(song, tone, ['-ac', '2', '-b:a', '320k']);
    const compressSong = async (fields: Record<string, string>) =>
      (await (
        await post('/api/compress', await form(song, 'song.mp3', { compressionLevel: 'maximum', ...fields }))
      ).json()) as CompressionResponse;
    const maximum = (await compressSong({})).compressionResult?.compressedSize as number;
    const targetBytes = String(Math.round(maximum * 0.6));
    const refused = await compressSong({ targetBytes });
    expect(refused.compressionResult).toMatchObject({
      compressedSize: maximum,
      target: { met: false, belowFloor: false, belowFloorAllowed: false },
    });
    const allowed = await compressSong({ targetBytes, belowFloor: 'true' });
    expect(allowed.compressionResult?.target).toEqual({
      bytes: Number(targetBytes),
      met: true,
      level: 'maximum',
      belowFloor: true,
      belowFloorAllowed: true,
    });
    expect(allowed.compressionResult?.compressedSize).toBeLessThanOrEqual(Number(targetBytes));
    const job = (await (await t.fetch(`/api/compression-job/${allowed.jobId}`)).json()) as CompressionJob;
    expect(job.target).toEqual(allowed.compressionResult?.target);
    // Sound is compared by ear, in the page: the worker makes no renditions for it.
    const noView = await t.fetch(`/api/compression-job/${allowed.jobId}/compare`);
    expect([noView.status, ((await noView.json()) as { message: string }).message]).toEqual([404, ErrorMessages.noComparison]);
    const bad = await post('/api/compress', await form(song, 'song.mp3', { targetBytes, belowFloor: 'maybe' }));
    expect(bad.status).toBe(400);
  });

  it('makes a photo fit a longest side, never larger, and refuses a side or a photo data choice it does not know', async () => {
    const body = (await (
      await post('/api/compress', await form(photo, 'wide.jpg', { maxDimension: '400' }))
    ).json()) as CompressionResponse;
    const bytes = Buffer.from(await (await fetch(body.downloadUrl as string)).arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
    const res = await post('/api/compress', await form(photo, 'wide.jpg', { maxDimension: '8' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('Longest side must be a whole number of pixels');
    // The photo data choice: 'strip' or 'camera', nothing else.
    const camera = await post('/api/compress', await form(photo, 'wide.jpg', { metadata: 'camera' }));
    expect(((await camera.json()) as CompressionResponse).status).toBe('completed');
    expect((await post('/api/compress', await form(photo, 'wide.jpg', { metadata: 'everything' }))).status).toBe(400);
  });

  it("resamples a PDF's pictures to a resolution cap, and refuses a cap it cannot use", async () => {
    const pdf = path.join(dir, 'report.pdf');
    await makePhotoPdf(pdf);
    const body = (await (
      await post('/api/compress', await form(pdf, 'report.pdf', { compressionLevel: 'light', maxImagePpi: '100' }))
    ).json()) as CompressionResponse;
    expect(body.status).toBe('completed');
    const result = path.join(dir, 'report.min.pdf');
    await writeFile(result, Buffer.from(await (await fetch(body.downloadUrl as string)).arrayBuffer()));
    const listed = spawnSync('pdfimages', ['-list', result], { encoding: 'utf8' }).stdout.split('\n')[2] ?? '';
    // The 1600 px photo drawn 500 points wide (230 ppi) is now at most 100 ppi: ~694 px wide.
    expect(Number(listed.trim().split(/\s+/)[12])).toBeLessThanOrEqual(100);
    const [row] = await t.running.database.db.select().from(compressionJobs).where(eq(compressionJobs.id, body.jobId));
    expect(row?.maxImagePpi).toBe(100);
    const res = await post('/api/compress', await form(pdf, 'report.pdf', { maxImagePpi: '5' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('Picture resolution must be a whole number');
  });
});
