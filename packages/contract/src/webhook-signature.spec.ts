import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature } from './webhook-signature.js';

const secret = 'whsec_test_secret';
const body = '{"id":"d1","type":"file.ready"}';
const t = 1_800_000_000;

describe('webhook signatures', () => {
  it('sign HMAC-SHA256 of "timestamp.body" in hex, as Stripe does', async () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(await signWebhook(secret, t, body)).toBe(`t=${t},v1=${expected}`);
  });

  it('verify a fresh signature and refuse another secret, another body or a changed timestamp', async () => {
    const header = await signWebhook(secret, t, body);
    expect(await verifyWebhookSignature({ header, body, secret, now: t + 10 })).toBe(true);
    expect(await verifyWebhookSignature({ header, body, secret: 'whsec_other', now: t })).toBe(false);
    expect(await verifyWebhookSignature({ header, body: `${body} `, secret, now: t })).toBe(false);
    expect(await verifyWebhookSignature({ header: header.replace(`t=${t}`, `t=${t + 1}`), body, secret, now: t })).toBe(false);
  });

  it('refuse a signature older or newer than the five-minute window', async () => {
    const header = await signWebhook(secret, t, body);
    expect(await verifyWebhookSignature({ header, body, secret, now: t + 300 })).toBe(true);
    expect(await verifyWebhookSignature({ header, body, secret, now: t + 301 })).toBe(false);
    expect(await verifyWebhookSignature({ header, body, secret, now: t - 301 })).toBe(false);
  });

  it('accept any of several v1 signatures and refuse malformed headers', async () => {
    const header = await signWebhook(secret, t, body);
    const v1 = header.split(',v1=')[1];
    expect(await verifyWebhookSignature({ header: `t=${t},v1=${'0'.repeat(64)},v1=${v1}`, body, secret, now: t })).toBe(true);
    for (const bad of [undefined, '', 'v1=abc', `t=${t}`, `t=soon,v1=${v1}`]) {
      expect(await verifyWebhookSignature({ header: bad, body, secret, now: t }), String(bad)).toBe(false);
    }
  });
});
