import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { WebhookMessages } from '@shrinkly/contract';
import { isPublicAddress } from './public-address.js';

/** How one try went: the receiver's status code when it answered, and a short reason when it did not take it. */
export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

export interface SenderOptions {
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES: private, loopback and link-local receivers, and http://, allowed. */
  allowPrivateAddresses: boolean;
  timeoutMs: number;
}

/** A URL webhooks refuse before any connection: another scheme, or (unless allowed) http:// or a private address. */
export class RefusedUrlError extends Error {}

/**
 * Posts signed JSON to receivers. The host is resolved first and every address checked; the connection then goes to
 * the checked address (a second lookup could answer differently: DNS rebinding). Redirects are never followed: a 3xx
 * is a failed try. Nothing of the answer is kept but its status code.
 */
export class WebhookSender {
  constructor(private readonly options: SenderOptions) {}

  /** The address to connect to for `url`, or a RefusedUrlError. */
  async vet(url: string): Promise<{ url: URL; address: string; family: 4 | 6 }> {
    const parsed = new URL(url);
    const secure = parsed.protocol === 'https:';
    if (!secure && !(parsed.protocol === 'http:' && this.options.allowPrivateAddresses)) {
      throw new RefusedUrlError(WebhookMessages.httpsOnly);
    }
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
    const [first] = addresses;
    if (!first) throw new RefusedUrlError(`${host} has no address`);
    // One private answer among public ones refuses the host: which one a client would use is not ours to guess.
    if (!this.options.allowPrivateAddresses && addresses.some((a) => !isPublicAddress(a.address))) {
      throw new RefusedUrlError(WebhookMessages.privateAddress);
    }
    return { url: parsed, address: first.address, family: first.family === 6 ? 6 : 4 };
  }

  async send(url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    let target: Awaited<ReturnType<WebhookSender['vet']>>;
    try {
      target = await this.vet(url);
    } catch (err) {
      return { ok: false, statusCode: null, error: shortReason(err) };
    }
    try {
      const statusCode = await this.post(target, headers, body);
      if (statusCode >= 200 && statusCode < 300) return { ok: true, statusCode, error: null };
      const redirect = statusCode >= 300 && statusCode < 400 ? ' (redirects are not followed)' : '';
      return { ok: false, statusCode, error: `HTTP ${statusCode}${redirect}` };
    } catch (err) {
      return { ok: false, statusCode: null, error: shortReason(err) };
    }
  }

  /** One POST to the vetted address; resolves with the status code once the answer has been read (and dropped). */
  private post(
    target: { url: URL; address: string; family: 4 | 6 },
    headers: Record<string, string>,
    body: string,
  ): Promise<number> {
    const pinned: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const client = target.url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.request(
        target.url,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          lookup: pinned,
          agent: false,
          signal: AbortSignal.timeout(this.options.timeoutMs),
        },
        (response) => {
          response.on('error', reject);
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.resume();
        },
      );
      request.on('error', (err) =>
        reject(err.name === 'AbortError' ? new Error(`no answer within ${this.options.timeoutMs} ms`) : err),
      );
      request.end(body);
    });
  }
}

/** A reason short enough to keep on the delivery (never a response body). */
function shortReason(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 200);
}
