import { WEBHOOK_TOLERANCE_SECONDS } from './webhooks.js';

/**
 * Webhook signatures, Stripe's scheme: `Shrinkly-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "t.body")>`.
 * Web Crypto only, so the same code signs on the server and verifies in any receiver (Node 20+, browsers, workers).
 */
export const WebhookHeaders = {
  signature: 'Shrinkly-Signature',
  event: 'Shrinkly-Event',
  delivery: 'Shrinkly-Delivery',
} as const;

const encoder = new TextEncoder();

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The Shrinkly-Signature header of `body` sent at `timestamp` (unix seconds). */
export async function signWebhook(secret: string, timestamp: number, body: string): Promise<string> {
  return `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${body}`)}`;
}

/** Equal strings, compared in time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export interface WebhookCheck {
  /** The Shrinkly-Signature header as received. */
  header: string | null | undefined;
  /** The raw request body, exactly as received (not re-serialised JSON). */
  body: string;
  secret: string;
  /** Seconds a signature stays acceptable (default WEBHOOK_TOLERANCE_SECONDS, 5 minutes). */
  toleranceSeconds?: number;
  /** Now, in unix seconds (default: this machine's clock). */
  now?: number;
}

/**
 * Whether a delivery is genuine and fresh: one of its v1 signatures matches `secret`, and its timestamp is within the
 * tolerance of now (an older one may be a replay).
 */
export async function verifyWebhookSignature(check: WebhookCheck): Promise<boolean> {
  const parts = (check.header ?? '').split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0) return false;
  const now = check.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (check.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS)) return false;
  const expected = await hmacHex(check.secret, `${timestamp}.${check.body}`);
  return signatures.some((signature) => sameText(signature, expected));
}
