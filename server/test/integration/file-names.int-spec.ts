import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  CompressionJob,
  CompressionPreview,
  CompressionResponse,
  Conversion,
  FileRecord,
  FileUploadResponse,
} from '@shrinkly/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePhotoJpeg, makePhotoPng } from '../fixtures.js';
import { chunkForm, fileForm, newUser, useTempDir, useTestApp } from '../harness.js';

const UNICODE = '日本語 ünïcødé.jpg';

/** The name a download saves as: RFC 5987 `filename*` when present, else the plain `filename`. */
function savedAs(disposition: string | null): string {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (extended?.[1]) return decodeURIComponent(extended[1]);
  return /filename="([^"]*)"/.exec(disposition ?? '')?.[1] ?? '';
}

// Each test compresses through the real engine; a shared, loaded machine needs more than the default time.
describe('file names: UTF-8 on every route, one rule for what a name may hold', { timeout: 120_000 }, () => {
  let jpeg: string;
  let png: string;
  const t = useTestApp({ env: { COMPRESS_SYNC_WAIT_MS: '30000' } });
  const dir = useTempDir('shrinkly-names-');
  beforeAll(async () => {
    jpeg = path.join(dir, 'photo.jpg');
    png = path.join(dir, 'chart.png');
    await makePhotoJpeg(jpeg, 320, 240);
    await makePhotoPng(png, 160, 120);
  }, 120_000);

  const compress = async (name: string) => {
    const res = await t.fetch('/api/compress', { method: 'POST', body: await fileForm(jpeg, name) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as CompressionResponse;
    const job = (await (await t.fetch(`/api/compression-job/${body.jobId}`)).json()) as CompressionJob;
    return { body, job };
  };

  it('keeps a non-ASCII name as sent (UTF-8) and serves it back with RFC 5987 filename*', async () => {
    const { body, job } = await compress(UNICODE);
    expect(job.fileName).toBe(UNICODE);
    const download = await fetch(body.downloadUrl as string);
    const disposition = download.headers.get('content-disposition');
    expect(disposition).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''/);
    expect(savedAs(disposition)).toBe(UNICODE);

    const preview = await t.fetch('/api/compression-preview', { method: 'POST', body: await fileForm(jpeg, UNICODE) });
    expect(((await preview.json()) as CompressionPreview).fileName).toBe(UNICODE);
  });

  it('reads the RFC 5987 filename* of a part when a client sends one', async () => {
    const boundary = '----shrinkly-names';
    const head = [
      `--${boundary}`,
      `Content-Disposition: form-data; name="file"; filename="fallback.jpg"; filename*=UTF-8''${encodeURIComponent(UNICODE)}`,
      'Content-Type: image/jpeg',
      '',
      '',
    ].join('\r\n');
    const body = Buffer.concat([Buffer.from(head), await readFile(jpeg), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await t.fetch('/api/compress', {
      method: 'POST',
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(200);
    const { jobId } = (await res.json()) as CompressionResponse;
    expect(((await (await t.fetch(`/api/compression-job/${jobId}`)).json()) as CompressionJob).fileName).toBe(UNICODE);
  });

  it('cleans line breaks and direction marks out of the names files arrive with', async () => {
    expect((await compress('line\r\nbreak.jpg')).job.fileName).toBe('line__break.jpg');
    const { body, job } = await compress('invoice\u202Egpj.exe.jpg');
    expect(job.fileName).toBe('invoicegpj.exe.jpg');
    expect(savedAs((await fetch(body.downloadUrl as string)).headers.get('content-disposition'))).toBe('invoicegpj.exe.jpg');
  });

  it('applies the same rule to chunked uploads', async () => {
    const SPOOFED = '日本語\u202E ünïcødé.jpg';
    const bytes = await readFile(jpeg);
    const chunk = chunkForm(
      { uploadId: 'names-chunked-1', index: 0, totalChunks: 1, fileName: SPOOFED, fileSize: bytes.length },
      bytes,
    );
    expect((await t.fetch('/api/upload-chunk', { method: 'POST', body: chunk })).status).toBe(200);
    const assembled = await t.fetch('/api/assemble-chunks', {
      method: 'POST',
      json: { uploadId: 'names-chunked-1', totalChunks: 1, fileName: SPOOFED, fileSize: bytes.length },
    });
    expect(assembled.status).toBe(200);
    const { jobId } = (await assembled.json()) as CompressionResponse;
    expect(((await (await t.fetch(`/api/compression-job/${jobId}`)).json()) as CompressionJob).fileName).toBe(UNICODE);
  });

  it('names a conversion after the UTF-8 name', async () => {
    const res = await t.fetch('/api/converter/convert', {
      method: 'POST',
      body: await fileForm(png, '図表 ünïcødé.png', { targetFormat: 'webp' }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Conversion;
    expect(body.fileName).toBe('図表 ünïcødé.webp');
    expect(savedAs((await fetch(body.downloadUrl as string)).headers.get('content-disposition'))).toBe('図表 ünïcødé.webp');
  });

  it('stores My Files uploads under the UTF-8 name, cleans bad ones, and refuses them on rename', async () => {
    const { token } = await t.api.register(newUser());
    const upload = async (name: string) => {
      const res = await t.fetch('/api/files/upload', {
        method: 'POST',
        body: await fileForm(jpeg, name),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as FileUploadResponse).file as FileRecord;
    };
    const file = await upload(UNICODE);
    expect(file.name).toBe(UNICODE);
    const download = await t.fetch(`/api/files/${file.id}/download`, { headers: { authorization: `Bearer ${token}` } });
    expect(savedAs(download.headers.get('content-disposition'))).toBe(UNICODE);
    expect((await upload('two\nlines\u202E.jpg')).name).toBe('two_lines.jpg');

    const rename = (name: string) =>
      t.fetch(`/api/files/${file.id}/rename`, { method: 'PATCH', json: { name }, headers: { authorization: `Bearer ${token}` } });
    for (const bad of ['evil\u202Egpj.exe', 'two\r\nlines.jpg']) {
      const res = await rename(bad);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(
        /must not contain slashes, line breaks, control characters or text-direction marks/,
      );
    }
    const renamed = await rename('写真 ✓.jpg');
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as FileRecord).name).toBe('写真 ✓.jpg');
  });
});
