import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock.js';

/**
 * What a signature is for, so a job's download signature cannot open a stored file of the same id, or back; a
 * stored file's purpose includes how it opens, so an attachment link cannot be turned into an inline one.
 */
type Purpose = 'download' | 'file:attachment' | 'file:inline' | 'conversion' | 'share';

export type Disposition = 'attachment' | 'inline';

/** What a signed link carries in its query string. */
export interface SignedLink {
  expires?: string | undefined;
  sig?: string | undefined;
  disposition?: string | undefined;
}

/**
 * Signed, expiring download links. They work as a plain link (no bearer header), stop working at `expires`, and
 * are revoked when the job or file is deleted. They are signed with their own key (DOWNLOAD_LINK_SECRET, or one
 * derived from the JWT secret), never with the key that signs sessions:
 * - a compression job's result: `/api/downloads/{jobId}?expires={unix seconds}&sig={HMAC}`;
 * - a stored file: `/api/files/{fileId}/download?expires=…&sig=…[&disposition=inline]`;
 * - a converted file: `/api/converter/downloads/{jobId}?expires=…&sig=…`;
 * - a password share link, once its password was given: `/api/share/{token}?expires=…&sig=…`.
 */
export class DownloadTicketService {
  constructor(
    private readonly secret: string,
    private readonly appUrl: string,
    private readonly clock: Clock,
  ) {}

  private sign(purpose: Purpose, id: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${purpose}:${id}:${expires}`).digest('base64url');
  }

  private query(purpose: Purpose, id: string, expiresAt: Date): string {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    return `expires=${expires}&sig=${this.sign(purpose, id, expires)}`;
  }

  url(jobId: string, expiresAt: Date): string {
    return `${this.appUrl}/api/downloads/${encodeURIComponent(jobId)}?${this.query('download', jobId, expiresAt)}`;
  }

  fileUrl(fileId: string, expiresAt: Date, disposition: Disposition): string {
    const inline = disposition === 'inline' ? '&disposition=inline' : '';
    return `${this.appUrl}/api/files/${encodeURIComponent(fileId)}/download?${this.query(`file:${disposition}`, fileId, expiresAt)}${inline}`;
  }

  conversionUrl(jobId: string, expiresAt: Date): string {
    return `${this.appUrl}/api/converter/downloads/${encodeURIComponent(jobId)}?${this.query('conversion', jobId, expiresAt)}`;
  }

  shareUrl(token: string, expiresAt: Date): string {
    return `${this.appUrl}/api/share/${encodeURIComponent(token)}?${this.query('share', token, expiresAt)}`;
  }

  verifyShare(token: string, link: SignedLink): boolean {
    return this.check('share', token, link);
  }

  verifyConversion(jobId: string, link: SignedLink): boolean {
    return this.check('conversion', jobId, link);
  }

  /** True when the job link's signature matches and it has not expired. */
  verify(jobId: string, link: SignedLink): boolean {
    return this.check('download', jobId, link);
  }

  /** `disposition` as the link asks (absent means attachment); anything else was never signed. */
  verifyFile(fileId: string, link: SignedLink): boolean {
    const asked = link.disposition ?? 'attachment';
    if (asked !== 'attachment' && asked !== 'inline') return false;
    return this.check(`file:${asked}`, fileId, link);
  }

  private check(purpose: Purpose, id: string, { expires, sig }: SignedLink): boolean {
    if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return false;
    const expected = Buffer.from(this.sign(purpose, id, Number(expires)));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    return Number(expires) * 1000 > this.clock.now().getTime();
  }
}
