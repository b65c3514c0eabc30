import { CHUNK_SIZE_BYTES, CHUNKED_UPLOAD_LIMITS, MB } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { chunkForm, newUser, useTestApp } from '../harness.js';

const GB = 1024 * MB;
const FIRST_CHUNK = Buffer.alloc(CHUNK_SIZE_BYTES, 7);

describe('chunked uploads within limits, each bound to who started it', () => {
  // Behind one trusted proxy, each test names its client address.
  const t = useTestApp({ env: { TRUST_PROXY: '1' } });

  /** The first chunk (or `index`) of an upload declaring `fileSize`, from `address`. */
  function chunk(
    address: string,
    uploadId: string,
    fileSize: number,
    options: { index?: number; token?: string; bytes?: Buffer } = {},
  ): Promise<Response> {
    const totalChunks = Math.ceil(fileSize / CHUNK_SIZE_BYTES);
    const index = options.index ?? 0;
    const length = Math.min(CHUNK_SIZE_BYTES, fileSize - index * CHUNK_SIZE_BYTES);
    const form = chunkForm(
      { uploadId, index, totalChunks, fileName: 'big.mov', fileSize },
      new Uint8Array(options.bytes ?? FIRST_CHUNK.subarray(0, length)),
    );
    const headers: Record<string, string> = {
      'x-forwarded-for': address,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    };
    return t.fetch('/api/upload-chunk', { method: 'POST', body: form, headers });
  }

  it('from one address, counts open uploads by their declared size from the first chunk, and refuses past the caps', async () => {
    const address = '198.51.100.10';
    const accepted: number[] = [];
    const refusals = new Set<number>();
    const plan = [...Array.from({ length: 40 }, () => 4.9 * GB), ...Array.from({ length: 150 }, () => 99 * MB)];
    for (const [i, size] of plan.entries()) {
      const res = await chunk(address, `upload-open-${i}`, Math.floor(size));
      if (res.status === 200) accepted.push(Math.floor(size));
      else refusals.add(res.status);
      await res.body?.cancel();
    }
    expect(accepted.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(CHUNKED_UPLOAD_LIMITS.stagedBytesPerAddress);
    expect(accepted.length).toBeLessThanOrEqual(CHUNKED_UPLOAD_LIMITS.openPerAddress);
    expect(accepted.length).toBeGreaterThan(1);
    expect([...refusals].every((s) => [402, 413, 429].includes(s))).toBe(true);
    // Another address is not held back by this one's.
    expect((await chunk('198.51.100.11', 'upload-elsewhere-1', 4 * GB)).status).toBe(200);
  }, 120_000);

  it('refuses another client a chunk or the assembly of an upload it did not start', async () => {
    const size = 2 * MB + 10;
    expect((await chunk('198.51.100.20', 'upload-mine-1', size)).status).toBe(200);
    expect((await chunk('198.51.100.21', 'upload-mine-1', size, { index: 1 })).status).toBe(404);
    const { token } = await t.api.register(newUser());
    expect((await chunk('198.51.100.20', 'upload-mine-1', size, { index: 1, token })).status).toBe(404);
    const assemble = (from: string) =>
      t.fetch('/api/assemble-chunks', {
        method: 'POST',
        headers: { 'x-forwarded-for': from },
        json: { uploadId: 'upload-mine-1', totalChunks: 3, fileName: 'big.mov', fileSize: size, compressionLevel: 'balanced' },
      });
    expect((await assemble('198.51.100.21')).status).toBe(404);
    // Its owner goes on.
    expect((await chunk('198.51.100.20', 'upload-mine-1', size, { index: 1 })).status).toBe(200);
    expect((await assemble('198.51.100.20')).status).toBe(409);
  });

  it('rate limits the chunks of one address', async () => {
    const address = '198.51.100.30';
    const tiny = Buffer.from('tiny file');
    let limited: Response | undefined;
    for (let i = 0; i <= CHUNKED_UPLOAD_LIMITS.chunksPerMinutePerAddress && !limited; i++) {
      const res = await chunk(address, 'upload-tiny-1', tiny.length, { bytes: tiny });
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(200);
      await res.body?.cancel();
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 120_000);
});
