import { readFile, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONVERTED_FILE_TTL_MS, CONVERTER_LIMIT_BYTES, type Conversion } from '@shrinkly/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { QueuePort } from '../../src/adapters/queue/queue.port.js';
import { SweeperService } from '../../src/features/maintenance/sweeper.service.js';
import { makePhotoPng } from '../fixtures.js';
import { fileForm, TestClock, usePhotoPng, useTempDir, useTestApp } from '../harness.js';

describe('the free converter over HTTP', () => {
  const clock = new TestClock();
  const convert = async (file: string, name: string, targetFormat?: string) =>
    t.fetch('/api/converter/convert', {
      method: 'POST',
      body: await fileForm(file, name, targetFormat === undefined ? {} : { targetFormat }),
    });
  const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

  const t = useTestApp({ clock, env: { COMPRESS_SYNC_WAIT_MS: '60000' } });
  const dir = useTempDir('shrinkly-convert-');
  const png = usePhotoPng(dir, 'chart.png', 320, 240);

  it('lists the targets of a MIME type, given plain or URL-encoded, and none for unknown types', async () => {
    const plain = await t.api.converterFormats({ mimeType: 'image/png' });
    expect(plain.formats).toEqual(expect.arrayContaining(['jpg', 'webp', 'avif', 'gif', 'tiff', 'bmp', 'pdf']));
    expect(plain.formats).not.toContain('png');
    const raw = (await (await t.fetch('/api/converter/formats/image/png')).json()) as { formats: string[] };
    expect(raw.formats).toEqual(plain.formats);
    expect((await t.api.converterFormats({ mimeType: 'application/pdf' })).formats).toEqual(['docx', 'txt', 'png', 'jpg']);
    expect((await t.api.converterFormats({ mimeType: 'video/mp4' })).formats).toEqual(
      expect.arrayContaining(['webm', 'mp3', 'gif']),
    );
    expect((await t.api.converterFormats({ mimeType: 'application/x-shockwave-flash' })).formats).toEqual([]);
  });

  it('converts a PNG to WEBP and serves it through a signed link for 24 hours', async () => {
    const res = await convert(png, 'chart.png', 'WEBP');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Conversion;
    expect(body).toMatchObject({
      success: true,
      status: 'completed',
      progress: 100,
      fileName: 'chart.webp',
      targetFormat: 'webp',
      originalSize: (await readFile(png)).length,
    });
    const download = await fetch(body.downloadUrl as string);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('chart.webp');
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(body.convertedSize);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    expect((await fetch((body.downloadUrl as string).replace(/sig=[^&]+/, 'sig=forged'))).status).toBe(404);

    clock.offsetMs = CONVERTED_FILE_TTL_MS + 60_000;
    try {
      expect((await fetch(body.downloadUrl as string)).status).toBe(404);
      expect((await t.running.app.get(SweeperService).sweep()).conversions).toBeGreaterThanOrEqual(1);
    } finally {
      clock.offsetMs = 0;
    }
    expect((await t.fetch(`/api/converter/jobs/${body.jobId}`)).status).toBe(404);
  });

  it('converts a text document to a PDF through LibreOffice', async () => {
    const txt = path.join(dir, 'memo.txt');
    await writeFile(txt, 'Memo\n\nThe converter keeps LibreOffice warm.\n');
    const res = await convert(txt, 'memo.txt', 'pdf');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Conversion;
    const bytes = Buffer.from(await (await fetch(body.downloadUrl as string)).arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(body.fileName).toBe('memo.pdf');
  });

  it('refuses files over 100MB with "too large", keeping nothing', async () => {
    const big = path.join(dir, 'big.png');
    await writeFile(big, '');
    await truncate(big, CONVERTER_LIMIT_BYTES + 1);
    const res = await convert(big, 'big.png', 'jpg');
    expect(res.status).toBe(413);
    expect(await messageOf(res)).toContain('too large');
    await rm(big);
  });

  it('refuses targets not offered for the real type with "not supported", and PDF to PowerPoint by name', async () => {
    const asDocx = await convert(png, 'chart.png', 'docx');
    expect([asDocx.status, await messageOf(asDocx)]).toEqual([400, expect.stringContaining('not supported')]);
    // The name says PDF, the content says PNG: the content decides.
    const renamed = await convert(png, 'report.pdf', 'docx');
    expect(renamed.status).toBe(400);
    const pdf = path.join(dir, 'memo.pdf');
    const memo = path.join(dir, 'memo2.txt');
    await writeFile(memo, 'A short memo.\n');
    const made = (await (await convert(memo, 'memo2.txt', 'pdf')).json()) as Conversion;
    await writeFile(pdf, Buffer.from(await (await fetch(made.downloadUrl as string)).arrayBuffer()));
    const pptx = await convert(pdf, 'memo.pdf', 'pptx');
    expect([pptx.status, await messageOf(pptx)]).toEqual([400, expect.stringContaining('PowerPoint')]);
    expect((await convert(png, 'chart.png')).status).toBe(400);
    expect((await convert(png, 'chart.png', '../../etc')).status).toBe(400);
  });

  it('refuses unknown types with 415 and damaged files with 422 and a message', async () => {
    const exe = path.join(dir, 'tool.exe');
    await writeFile(exe, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2000, 7)]));
    const unknown = await convert(exe, 'tool.exe', 'pdf');
    expect(unknown.status).toBe(415);
    const broken = path.join(dir, 'broken.png');
    await writeFile(broken, (await readFile(png)).subarray(0, 400));
    const damaged = await convert(broken, 'broken.png', 'jpg');
    expect(damaged.status).toBe(422);
    expect((await messageOf(damaged)).length).toBeGreaterThan(10);
    expect((await t.fetch('/api/converter/jobs/not-a-job')).status).toBe(404);
  });
});

describe('a conversion longer than the request', () => {
  const t = useTestApp({ env: { COMPRESS_SYNC_WAIT_MS: '0', JOB_CONCURRENCY: '1' } });
  const dir = useTempDir('shrinkly-convert-async-');

  it('answers 202 with the job, followed until the file is ready', async () => {
    const png = path.join(dir, 'a.png');
    await makePhotoPng(png, 200, 150);
    // A job ahead holds the one slot, as a long conversion would, so this one is still waiting when the request answers.
    let release!: () => void;
    const queue = t.running.app.get(QueuePort);
    queue.register('test-hold', () => new Promise<void>((resolve) => (release = resolve)));
    await queue.enqueue('test-hold', 'slot');
    const res = await t.fetch('/api/converter/convert', {
      method: 'POST',
      body: await fileForm(png, 'a.png', { targetFormat: 'jpg' }),
    });
    release();
    expect(res.status).toBe(202);
    let job = (await res.json()) as Conversion;
    expect(job).toMatchObject({ success: false, downloadUrl: null });
    while (job.status !== 'completed' && job.status !== 'failed') {
      await new Promise((r) => setTimeout(r, 200));
      job = await t.api.conversionJob({ jobId: job.jobId });
    }
    expect(job).toMatchObject({ status: 'completed', success: true, fileName: 'a.jpg' });
    expect((await fetch(job.downloadUrl as string)).headers.get('content-type')).toBe('image/jpeg');
  });
});
