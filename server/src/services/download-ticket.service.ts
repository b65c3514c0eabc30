import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock.js';

/**
 * Signed, expiring download links: `/api/downloads/{jobId}?expires={unix seconds}&sig={HMAC}`. They work as a
 * plain link (no bearer header), stop working at `expires`, and are revoked when the job is deleted.
 */
export class DownloadTicketService {
  constructor(
    private readonly secret: string,
    private readonly appUrl: string,
    private readonly clock: Clock,
  ) {}

  private sign(jobId: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`download:${jobId}:${expires}`).digest('base64url');
  }

  url(jobId: string, expiresAt: Date): string {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    return `${this.appUrl}/api/downloads/${encodeURIComponent(jobId)}?expires=${expires}&sig=${this.sign(jobId, expires)}`;
  }

  /** True when the signature matches and the link has not expired. */
  verify(jobId: string, expires: string | undefined, sig: string | undefined): boolean {
    if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return false;
    const expected = Buffer.from(this.sign(jobId, Number(expires)));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    return Number(expires) * 1000 > this.clock.now().getTime();
  }
}
