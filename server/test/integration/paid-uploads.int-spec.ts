import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type CompressionJob,
  type CompressionResponse,
  ErrorMessages,
  FREE_COMPRESSION_LIMIT_BYTES,
  MB,
} from '@shrinkly/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutRequest, PaymentPort } from '../../src/adapters/payments/payment.port.js';
import { compressionJobs } from '../../src/db/schema/index.js';
import { makeStoredZip } from '../fixtures.js';
import { capturingLogger, chunkForm, newUser, rawRequest, startTestApp, useTempDir, useTestApp } from '../harness.js';
import { jobWaitingForPayment } from '../seeds.js';

/** A provider that is not the sandbox: checkout happens elsewhere, a new one each time it is asked (counted). */
class HostedCheckout extends PaymentPort {
  readonly provider = 'hosted';
  readonly isSandbox = false;
  readonly asked: string[] = [];
  readonly checkout = {
    checkoutUrl: async (request: CheckoutRequest): Promise<string> => {
      this.asked.push(request.purchase.id);
      // Slow enough for looks arriving together to overlap.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return `https://pay.example.com/checkout/${request.purchase.id}/${this.asked.length}`;
    },
  };
}

/** Room for one 100 MB unpaid upload per address, not two. */
const UNPAID_CAP = FREE_COMPRESSION_LIMIT_BYTES + 50 * MB;

describe('paid uploads: sandbox payments for the owner only, jobs shown to their owner, unpaid bytes capped per address', () => {
  let archive: Blob;
  let addresses = 0;
  const t = useTestApp({ env: { TRUST_PROXY: 'true', UNPAID_UPLOADS_PER_ADDRESS_BYTES: String(UNPAID_CAP) } });
  const dir = useTempDir('shrinkly-paid-');
  beforeAll(async () => {
    const file = path.join(dir, 'big.zip');
    await makeStoredZip(file, FREE_COMPRESSION_LIMIT_BYTES);
    archive = new Blob([await readFile(file)]);
  }, 180_000);

  /** Each test uploads from its own address (TRUST_PROXY reads X-Forwarded-For), so their unpaid caps are apart. */
  const newAddress = () => `203.0.113.${++addresses}`;

  const uploadLarge = async (address: string, token?: string) => {
    const body = new FormData();
    body.set('file', archive, 'big.zip');
    const headers: Record<string, string> = { 'x-forwarded-for': address };
    if (token) headers.authorization = `Bearer ${token}`;
    return t.fetch('/api/compress', { method: 'POST', body, headers });
  };
  const call = (method: string, pathname: string, token?: string) =>
    t.fetch(pathname, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it("pays, follows and starts a signed-in user's job only with that user's token", async () => {
    const owner = await t.api.register(newUser());
    const other = await t.api.register(newUser());
    const res = await uploadLarge(newAddress(), owner.token);
    const job = (await res.json()) as CompressionResponse;
    expect(job.status).toBe('payment_required');

    for (const token of [undefined, other.token]) {
      expect((await call('GET', `/api/compression-job/${job.jobId}`, token)).status).toBe(404);
      expect((await call('POST', `/api/simulate-payment-success/${job.jobId}`, token)).status).toBe(404);
      expect((await call('POST', `/api/process-paid-compression/${job.jobId}`, token)).status).toBe(404);
    }
    const seen = (await (await call('GET', `/api/compression-job/${job.jobId}`, owner.token)).json()) as CompressionJob;
    expect(seen).toMatchObject({ jobId: job.jobId, status: 'payment_required', isPaid: false });
    expect(seen.paymentUrl).toBe(job.paymentUrl);

    const paid = await call('POST', `/api/simulate-payment-success/${job.jobId}`, owner.token);
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as CompressionJob).isPaid).toBe(true);
  }, 120_000);

  it("opens the sandbox checkout only through the owner's signed link", async () => {
    const owner = await t.api.register(newUser());
    const job = (await (await uploadLarge(newAddress(), owner.token)).json()) as CompressionResponse;
    const link = new URL(job.paymentUrl as string);
    expect(link.searchParams.get('sig')).toMatch(/^[\w-]{43}$/);
    const bare = `/api/payments/sandbox/checkout/${job.jobId}`;
    const forged = `${bare}?sig=${'A'.repeat(43)}`;
    for (const url of [bare, forged]) {
      expect((await t.fetch(url)).status).toBe(404);
      const post = await t.fetch(url, { method: 'POST', body: new URLSearchParams({ outcome: 'pay' }), redirect: 'manual' });
      expect(post.status).toBe(404);
    }
    expect((await call('GET', `/api/compression-job/${job.jobId}`, owner.token)).status).toBe(200);
    expect(((await (await call('GET', `/api/compression-job/${job.jobId}`, owner.token)).json()) as CompressionJob).isPaid).toBe(
      false,
    );

    const page = await fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    // The form posts back to the signed link.
    expect(html).toContain(`action="${link.pathname}${link.search}"`);
    const pay = await fetch(link, { method: 'POST', body: new URLSearchParams({ outcome: 'pay' }), redirect: 'manual' });
    expect(pay.status).toBe(303);
    expect(((await (await call('GET', `/api/compression-job/${job.jobId}`, owner.token)).json()) as CompressionJob).isPaid).toBe(
      true,
    );
  }, 120_000);

  it("keeps a visitor's job working for whoever holds its id, as before", async () => {
    const job = (await (await uploadLarge(newAddress())).json()) as CompressionResponse;
    expect((await call('GET', `/api/compression-job/${job.jobId}`)).status).toBe(200);
    const paid = await call('POST', `/api/simulate-payment-success/${job.jobId}`);
    expect(paid.status).toBe(200);
    expect((await call('POST', `/api/process-paid-compression/${job.jobId}`)).status).toBe(200);
  }, 120_000);

  it('caps the bytes waiting for payment per address, before the body is read and again when it is', async () => {
    const address = newAddress();
    const first = (await (await uploadLarge(address)).json()) as CompressionResponse;
    expect(first.status).toBe('payment_required');

    // A second file from the same address is refused. The server refuses before reading the body and closes the
    // connection, so a client still sending either reads the 413 or sees the connection end mid-upload.
    const second = await uploadLarge(address).catch((err: unknown) => err);
    if (second instanceof Response) {
      expect(second.status).toBe(413);
      expect(((await second.json()) as { message: string }).message).toBe(ErrorMessages.unpaidUploadsFull);
    } else {
      expect(String((second as { cause?: { code?: string } }).cause?.code ?? second)).toMatch(/ECONNRESET|EPIPE|UND_ERR_SOCKET/);
    }
    // Declared, not sent: refused at once.
    const declared = await rawRequest(
      t.baseUrl,
      [
        'POST /api/compress HTTP/1.1',
        'Host: 127.0.0.1',
        `X-Forwarded-For: ${address}`,
        'Content-Type: multipart/form-data; boundary=x',
        `Content-Length: ${FREE_COMPRESSION_LIMIT_BYTES + MB}`,
        '',
      ].join('\n'),
    );
    expect(declared.status).toBe(413);
    expect(declared.head).toMatch(/connection: close/i);
    // A chunked upload of such a file stops at its first chunk.
    const chunk = chunkForm(
      { uploadId: 'capped-upload', index: 0, totalChunks: 101, fileName: 'big.zip', fileSize: FREE_COMPRESSION_LIMIT_BYTES + 1 },
      Buffer.alloc(MB),
    );
    const chunkRes = await t.fetch('/api/upload-chunk', { method: 'POST', body: chunk, headers: { 'x-forwarded-for': address } });
    expect(chunkRes.status).toBe(413);

    // Another address is not held back, and a paid file frees its room.
    expect(((await (await uploadLarge(newAddress())).json()) as CompressionResponse).status).toBe('payment_required');
    expect((await call('POST', `/api/simulate-payment-success/${first.jobId}`)).status).toBe(200);
    expect(((await (await uploadLarge(address)).json()) as CompressionResponse).status).toBe('payment_required');
  }, 240_000);
});

describe('the payment provider switch', () => {
  it('has no sandbox routes when another provider is configured', async () => {
    const t = await startTestApp({ payments: new HostedCheckout() });
    try {
      const id = '00000000-0000-4000-8000-000000000000';
      expect((await t.fetch(`/api/simulate-payment-success/${id}`, { method: 'POST' })).status).toBe(404);
      expect((await t.fetch(`/api/payments/sandbox/checkout/${id}?sig=x`)).status).toBe(404);
    } finally {
      await t.close();
    }
  }, 60_000);

  it("asks the provider for a job's checkout once and answers the stored one at every later look", async () => {
    const hosted = new HostedCheckout();
    const t = await startTestApp({ payments: hosted });
    try {
      const db = t.running.database.db;
      const waiting = () => jobWaitingForPayment(t);
      const look = async (jobId: string) =>
        ((await (await t.fetch(`/api/compression-job/${jobId}`)).json()) as CompressionJob).paymentUrl;

      const polled = await waiting();
      const first = await look(polled);
      for (let i = 0; i < 4; i += 1) expect(await look(polled)).toBe(first);
      const [row] = await db.select().from(compressionJobs).where(eq(compressionJobs.id, polled));
      expect(row?.checkoutUrl).toBe(first);

      const together = await waiting();
      const looks = await Promise.all([look(together), look(together), look(together)]);
      expect(new Set(looks).size).toBe(1);
      expect(hosted.asked.filter((id) => id === polled)).toHaveLength(1);
      expect(hosted.asked.filter((id) => id === together)).toHaveLength(1);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('warns loudly at start when the sandbox runs in production (as a demo), and not otherwise', async () => {
    for (const env of [{ NODE_ENV: 'production', PAYMENT_SANDBOX_DEMO: 'true' }, { NODE_ENV: 'test' }] as Record<
      string,
      string
    >[]) {
      const { logger, lines } = capturingLogger();
      const t = await startTestApp({ env, logger });
      await t.close();
      const warnings = lines.filter((l) => l.level === 40 && /PAYMENT SANDBOX IN PRODUCTION/.test(l.msg));
      expect(warnings).toHaveLength(env.NODE_ENV === 'production' ? 1 : 0);
    }
  }, 120_000);
});
