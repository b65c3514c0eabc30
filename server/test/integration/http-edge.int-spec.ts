import { createHmac, randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { ErrorMessages, type FileUploadResponse, MB } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { StoragePort } from '../../src/adapters/storage/storage.port.js';
import { APP_CONFIG } from '../../src/app.tokens.js';
import { DownloadTicketService } from '../../src/common/download-ticket.service.js';
import type { AppConfig } from '../../src/config/app.config.js';
import { compressionJobs } from '../../src/db/schema/index.js';
import { makePhotoPng } from '../fixtures.js';
import { capturingLogger, fileForm, newUser, rawRequest, useTempDir, useTestApp } from '../harness.js';

const HOUR = 60 * 60 * 1000;

describe('the HTTP edge: early 413, HSTS, Content-Security-Policy, link signatures, aborted downloads', () => {
  const log = capturingLogger();
  const t = useTestApp({ env: { TRUST_PROXY: 'true', COMPRESS_SYNC_WAIT_MS: '30000' }, logger: log.logger });
  const dir = useTempDir('shrinkly-edge-');

  const errorsLogged = () => log.lines.filter((l) => l.level >= 50);

  describe('a declared Content-Length over the route limit', () => {
    const headOnly = (route: string, length: number, extra: string[] = []) =>
      rawRequest(
        t.baseUrl,
        [
          `POST ${route} HTTP/1.1`,
          'Host: 127.0.0.1',
          'Content-Type: multipart/form-data; boundary=----x',
          `Content-Length: ${length}`,
          ...extra,
          '',
        ].join('\n'),
        Buffer.from('------x\r\n'),
      );

    it('is answered at once, before the body is sent, and the connection closed', async () => {
      const cases: Array<[string, number, number]> = [
        ['/api/compress', 6 * 1024 * MB, 413],
        ['/api/compression-preview', 200 * MB, 413],
        ['/api/upload-chunk', 10 * MB, 413],
        ['/api/converter/convert', 200 * MB, 413],
      ];
      for (const [route, length, status] of cases) {
        const answer = await headOnly(route, length);
        expect(answer.status, route).toBe(status);
        expect(answer.head).toMatch(/^connection: close$/im);
        expect(answer.elapsedMs, route).toBeLessThan(5000);
      }
    });

    it("is refused on My Files with the account's own limit (free accounts: 402, upgrade)", async () => {
      const { token } = await t.api.register(newUser());
      const answer = await headOnly('/api/files/upload', 200 * MB, [`Authorization: Bearer ${token}`]);
      expect(answer.status).toBe(402);
    });

    it('still takes an honest upload of the same route', async () => {
      const png = path.join(dir, 'small.png');
      await makePhotoPng(png);
      const res = await t.fetch('/api/compress', { method: 'POST', body: await fileForm(png, 'small.png') });
      expect(res.status).toBe(200);
    });
  });

  describe('Strict-Transport-Security', () => {
    it('is not sent over plain HTTP', async () => {
      const res = await t.fetch('/api/health');
      expect(res.status).toBe(200);
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect((await t.fetch('/')).headers.get('strict-transport-security')).toBeNull();
    });

    it('is sent when the request came over HTTPS through a trusted proxy', async () => {
      const res = await t.fetch('/api/health', { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    });
  });

  describe('Content-Security-Policy', () => {
    it("is helmet's strict default with the sandbox: scripts, frames and connections from the site only", async () => {
      for (const route of ['/', '/auth', '/api/health']) {
        const policy = (await t.fetch(route)).headers.get('content-security-policy') ?? '';
        expect(policy.split(';'), route).toEqual(
          expect.arrayContaining(["default-src 'self'", "script-src 'self'", "object-src 'none'"]),
        );
        // Frames and connections fall back to default-src 'self'; no payment provider's script is allowed.
        expect(policy, route).not.toMatch(/frame-src|connect-src|stripe|upgrade-insecure-requests/);
      }
    });
  });

  describe('signed download links', () => {
    it('cover the disposition: an attachment link cannot be opened inline, nor back', async () => {
      const { token } = await t.api.register(newUser());
      const api = t.as(token);
      const png = path.join(dir, 'shot.png');
      await makePhotoPng(png);
      const uploaded = (await (
        await t.fetch('/api/files/upload', {
          method: 'POST',
          body: await fileForm(png, 'shot.png'),
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as FileUploadResponse;
      const fileId = uploaded.fileId as string;
      const inline = new URL((await api.fileDownloadLink({ id: fileId, disposition: 'inline' })).url);
      const attachment = new URL((await api.fileDownloadLink({ id: fileId, disposition: 'attachment' })).url);

      const openInline = await fetch(inline);
      expect(openInline.status).toBe(200);
      expect(openInline.headers.get('content-disposition')).toMatch(/^inline;/);
      expect((await fetch(attachment)).headers.get('content-disposition')).toMatch(/^attachment;/);

      const madeInline = new URL(attachment);
      madeInline.searchParams.set('disposition', 'inline');
      expect((await fetch(madeInline)).status).toBe(404);
      const madeAttachment = new URL(inline);
      madeAttachment.searchParams.delete('disposition');
      expect((await fetch(madeAttachment)).status).toBe(404);
      madeAttachment.searchParams.set('disposition', 'attachment');
      expect((await fetch(madeAttachment)).status).toBe(404);
    });

    it('are signed with a key of their own, not the JWT secret', async () => {
      const config = t.running.app.get<symbol, AppConfig>(APP_CONFIG);
      const { url } = await seedResult(2 * 1024);
      const link = new URL(url);
      const jobId = link.pathname.split('/').pop() as string;
      const expires = link.searchParams.get('expires') as string;
      // What the link would carry if the session key signed it: refused.
      const withJwtKey = createHmac('sha256', config.jwtSecret).update(`download:${jobId}:${expires}`).digest('base64url');
      expect(withJwtKey).not.toBe(link.searchParams.get('sig'));
      const forged = new URL(link);
      forged.searchParams.set('sig', withJwtKey);
      expect((await fetch(forged)).status).toBe(404);
      expect((await fetch(link)).status).toBe(200);
    });
  });

  describe('a download the client aborts', () => {
    it('is not logged as an error, and the server carries on', async () => {
      const { url } = await seedResult(32 * MB);
      const link = new URL(url);
      const before = errorsLogged().length;
      for (let i = 0; i < 3; i++) await abortAfterFirstBytes(link);
      // Give the server time to notice each closed connection.
      await new Promise((r) => setTimeout(r, 500));
      expect(errorsLogged().slice(before)).toEqual([]);
      expect((await t.fetch('/api/health')).status).toBe(200);
      const whole = await fetch(link);
      expect(Buffer.from(await whole.arrayBuffer()).length).toBe(32 * MB);
    });
  });

  describe('the error body', () => {
    it("carries the message's code when the message is one of ErrorMessages, and no code otherwise", async () => {
      const unknownRoute = await t.fetch('/api/no-such-route');
      expect([unknownRoute.status, await unknownRoute.json()]).toEqual([
        404,
        { message: ErrorMessages.notFound, code: 'notFound' },
      ]);
      const badJson = await t.fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{not json',
      });
      expect([badJson.status, await badJson.json()]).toEqual([400, { message: 'Request body is not valid JSON' }]);
      const refused = await t.api.login({ email: newUser().email, password: 'wrong-password' }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ status: 401, code: 'invalidCredentials', serverMessage: ErrorMessages.invalidCredentials });
    });
  });

  /** A finished public compression of `bytes` random bytes, stored as a result with its signed link. */
  async function seedResult(bytes: number): Promise<{ url: string }> {
    const file = path.join(dir, `result-${randomBytes(4).toString('hex')}.zip`);
    await writeFile(file, randomBytes(bytes));
    const blob = await t.running.app.get(StoragePort).putFile(file);
    const expiresAt = new Date(Date.now() + HOUR);
    const [job] = await t.running.database.db
      .insert(compressionJobs)
      .values({
        status: 'completed',
        level: 'balanced',
        fileName: 'result.zip',
        inputFormat: 'zip',
        inputBlob: null,
        originalSize: blob.size,
        outputBlob: blob.key,
        outputFormat: 'zip',
        compressedSize: blob.size,
        downloadExpiresAt: expiresAt,
        expiresAt,
      })
      .returning();
    return { url: t.running.app.get(DownloadTicketService).url(job?.id as string, expiresAt) };
  }
});

/** Asks for `link`, and drops the connection as soon as the first bytes of the answer arrive. */
function abortAfterFirstBytes(link: URL): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(link.port), link.hostname);
    socket.on('error', reject);
    socket.once('data', () => {
      socket.destroy();
      resolve();
    });
    socket.write(`GET ${link.pathname}${link.search} HTTP/1.1\r\nHost: ${link.host}\r\n\r\n`);
  });
}
