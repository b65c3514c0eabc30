import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import {
  type ApiClient,
  type FileUploadResponse,
  verifyWebhookSignature,
  type WebhookDelivery,
  WebhookHeaders,
  WebhookMessages,
  type WebhookPayload,
} from '@shrinkly/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, webhookDeliveries } from '../../src/db/schema/index.js';
import { SweeperService } from '../../src/features/maintenance/sweeper.service.js';
import { WebhookDeliveryHandler } from '../../src/features/webhooks/webhook-delivery.job-handler.js';
import { WebhookDeliveryRepository } from '../../src/features/webhooks/webhook-delivery.repository.js';
import { errorOf } from '../api-errors.js';
import { makePhotoPng } from '../fixtures.js';
import {
  fileForm,
  newUser,
  openTestDatabase,
  startTestApp,
  type TestApp,
  usePhotoPng,
  useTempDir,
  useTestApp,
} from '../harness.js';
import { testRedis, testRedisConfig, testRedisUrl } from '../redis.js';

/** One request a receiver took. */
interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

type Answer = (req: IncomingMessage, res: ServerResponse, nth: number) => void;

/** A local webhook receiver: records every request and answers each path as the test says (200 by default). */
function useReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, Answer>();
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      void text(req)
        .then((body) => {
          const pathname = req.url ?? '/';
          received.push({ path: pathname, headers: req.headers, body, at: Date.now() });
          const answer = answers.get(pathname) ?? ((_, r) => r.writeHead(200).end('ok'));
          answer(req, res, received.filter((r) => r.path === pathname).length);
        })
        // A delivery cut off mid-body gets no answer, as from a receiver that went away.
        .catch(() => res.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: (pathname: string) => `${base}${pathname}`,
    answer: (pathname: string, answer: Answer) => answers.set(pathname, answer),
    at: (pathname: string) => received.filter((r) => r.path === pathname),
  };
}

/** Polls until `check` returns something, or fails after `timeoutMs`. */
async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A signed-up account, on a running trial when `trial`. */
async function account(t: TestApp, trial = true, person = newUser()): Promise<{ id: string; token: string; api: ApiClient }> {
  const { token, user } = await t.api.register(person);
  if (trial) {
    await t.running.database.db
      .update(users)
      .set({ subscriptionStatus: 'trial', trialEndsAt: new Date(Date.now() + 7 * 86_400_000) })
      .where(eq(users.id, user.id));
  }
  return { id: user.id, token, api: t.as(token) };
}

/** The account's deliveries once one to `url` satisfies `done`. */
function deliveryTo(api: ApiClient, url: string, done: (d: WebhookDelivery) => boolean): Promise<WebhookDelivery> {
  return eventually(async () => (await api.listWebhookDeliveries()).deliveries.find((d) => d.url === url && done(d)));
}

const QUICK = {
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
  WEBHOOK_TIMEOUT_MS: '400',
  WEBHOOK_RETRY_BASE_MS: '100',
  COMPRESS_SYNC_WAIT_MS: '60000',
};

describe('webhooks', () => {
  const t = useTestApp({ env: QUICK });
  const receiver = useReceiver();
  const dir = useTempDir('shrinkly-webhooks-');
  const png = usePhotoPng(dir, 'shot.png', 120, 90);

  const upload = async (token: string, route = '/api/files/upload', fields: Record<string, string> = {}) => {
    const body = await fileForm(png, 'shot.png', { compressionLevel: 'balanced', ...fields });
    const res = await t.fetch(route, { method: 'POST', body, headers: { authorization: `Bearer ${token}` } });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json();
  };

  /** A delivery of a made-up event to `url` for `userId`, queued as the events are. */
  const queueDelivery = async (userId: string, url: string, endpointId: string | null = null) => {
    const [row] = await t.running.app.get(WebhookDeliveryRepository).createMany([
      {
        userId,
        endpointId,
        url,
        event: 'file.ready',
        payload: { id: 'test', type: 'file.ready', createdAt: new Date().toISOString(), data: { name: 'a', originalSize: 1 } },
        nextAttemptAt: new Date(),
      },
    ]);
    await t.running.app.get(WebhookDeliveryHandler).deliverNow(row?.id as string);
    return row?.id as string;
  };

  it('are described at /api/docs: the signature scheme with curl examples, the routes and the callbackUrl field', async () => {
    const doc = (await (await t.fetch('/api/docs')).json()) as {
      tags: Array<{ name: string; description: string }>;
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: object } }> } }>>;
    };
    const guide = doc.tags.find((tag) => tag.name === 'webhooks')?.description ?? '';
    expect(guide).toContain('Shrinkly-Signature: t=<unix seconds>,v1=');
    expect(guide).toContain('curl -X POST');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/webhooks',
        '/api/webhooks/{id}',
        '/api/webhooks/deliveries',
        '/api/webhooks/deliveries/{id}/resend',
      ]),
    );
    const compress = doc.paths['/api/compress']?.post?.requestBody?.content['multipart/form-data']?.schema.properties;
    expect(compress).toHaveProperty('callbackUrl');
  });

  it('are for trial and premium accounts: a free account gets 403 naming the upgrade', async () => {
    const free = await account(t, false);
    const calls = [
      () => free.api.listWebhooks(),
      () => free.api.createWebhook({ url: receiver.url('/x'), events: ['file.ready'] }),
      () => free.api.listWebhookDeliveries(),
    ];
    for (const call of calls) {
      const err = await errorOf(call());
      expect([err.status, err.serverMessage]).toEqual([403, WebhookMessages.premiumOnly]);
    }
  });

  it('registers endpoints with their own secrets, refuses other schemes and an eleventh, and deletes', async () => {
    const user = await account(t);
    const created = await user.api.createWebhook({ url: receiver.url('/one'), events: ['file.ready', 'file.ready'] });
    expect(created).toMatchObject({ url: receiver.url('/one'), events: ['file.ready'] });
    expect(created.secret).toMatch(/^whsec_[\w-]{43}$/);
    expect((await errorOf(user.api.createWebhook({ url: 'ftp://example.com/x', events: ['file.ready'] }))).status).toBe(400);
    for (let i = 2; i <= 10; i++) await user.api.createWebhook({ url: receiver.url(`/n${i}`), events: ['compression.failed'] });
    const eleventh = await errorOf(user.api.createWebhook({ url: receiver.url('/n11'), events: ['file.ready'] }));
    expect(eleventh.status).toBe(409);
    const list = await user.api.listWebhooks();
    expect(list.endpoints).toHaveLength(10);
    expect(list.endpoints[0]?.secret).toBe(created.secret);
    expect(list.callbackSecret).toMatch(/^whsec_/);
    await user.api.deleteWebhook({ id: created.id });
    expect((await errorOf(user.api.deleteWebhook({ id: created.id }))).status).toBe(404);
    expect((await user.api.listWebhooks()).endpoints).toHaveLength(9);
  });

  it("tells a signed-in user's endpoint of a finished compression and of the ready file, signed and fresh", async () => {
    const user = await account(t);
    const url = receiver.url('/signed');
    const { secret } = await user.api.createWebhook({ url, events: ['compression.completed', 'file.ready'] });
    const uploaded = (await upload(user.token)) as FileUploadResponse;
    await eventually(async () => (receiver.at('/signed').length >= 2 ? true : undefined));
    const [first, second] = receiver.at('/signed') as [Received, Received];
    const payloads = [first, second].map((r) => JSON.parse(r.body) as WebhookPayload);
    expect(payloads.map((p) => p.type).sort()).toEqual(['compression.completed', 'file.ready']);
    const ready = payloads.find((p) => p.type === 'file.ready');
    expect(ready?.data).toMatchObject({ fileId: uploaded.fileId, jobId: uploaded.jobId, name: 'shot.png' });
    expect(ready?.data.downloadUrl).toBe(`${t.baseUrl}/api/files/${uploaded.fileId}/download`);
    for (const r of [first, second]) {
      const header = r.headers[WebhookHeaders.signature.toLowerCase()] as string;
      const sentAt = Number(/t=(\d+)/.exec(header)?.[1]);
      expect(Math.abs(sentAt - Date.now() / 1000)).toBeLessThan(60);
      expect(await verifyWebhookSignature({ header, body: r.body, secret })).toBe(true);
      // The same request replayed after the five-minute window, or with another secret, is refused.
      expect(await verifyWebhookSignature({ header, body: r.body, secret, now: sentAt + 301 })).toBe(false);
      expect(await verifyWebhookSignature({ header, body: r.body, secret: `${secret}x` })).toBe(false);
      expect(r.headers[WebhookHeaders.event.toLowerCase()]).toBe(JSON.parse(r.body).type);
      expect(r.headers[WebhookHeaders.delivery.toLowerCase()]).toBe(JSON.parse(r.body).id);
    }
    const delivered = await deliveryTo(user.api, url, (d) => d.status === 'delivered' && d.event === 'file.ready');
    expect(delivered).toMatchObject({ attempts: 1, lastStatusCode: 200, lastError: null });
  });

  it("tells a request's one-off callbackUrl of its job's end, signed with the account's callback secret", async () => {
    const user = await account(t);
    const url = receiver.url('/once');
    const { callbackSecret } = await user.api.listWebhooks();
    const landing = (await upload(user.token, '/api/compress', { callbackUrl: url })) as { jobId: string };
    const mine = (await upload(user.token, '/api/files/upload', { callbackUrl: url })) as FileUploadResponse;
    await eventually(async () => (receiver.at('/once').length >= 2 ? true : undefined));
    const bodies = receiver.at('/once').map((r) => JSON.parse(r.body) as WebhookPayload);
    expect(bodies.map((b) => [b.type, b.data.jobId]).sort()).toEqual(
      [
        ['compression.completed', landing.jobId],
        ['compression.completed', mine.jobId],
      ].sort(),
    );
    for (const r of receiver.at('/once')) {
      const header = r.headers['shrinkly-signature'] as string;
      expect(await verifyWebhookSignature({ header, body: r.body, secret: callbackSecret })).toBe(true);
    }
    const delivered = await deliveryTo(user.api, url, (d) => d.status === 'delivered');
    expect(delivered.endpointId).toBeNull();
  });

  it("tells a signed-in caller's conversion to its endpoints for conversion events and to its callbackUrl", async () => {
    const user = await account(t);
    const endpoint = receiver.url('/conversions');
    const callback = receiver.url('/conversion-once');
    await user.api.createWebhook({ url: endpoint, events: ['conversion.completed'] });
    await user.api.createWebhook({ url: receiver.url('/files-only'), events: ['file.ready'] });
    const res = await t.fetch('/api/converter/convert', {
      method: 'POST',
      body: await fileForm(png, 'shot.png', { targetFormat: 'jpg', callbackUrl: callback }),
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.status).toBe(200);
    const { jobId } = (await res.json()) as { jobId: string };
    await eventually(async () =>
      receiver.at('/conversions').length + receiver.at('/conversion-once').length >= 2 ? true : undefined,
    );
    for (const r of [...receiver.at('/conversions'), ...receiver.at('/conversion-once')]) {
      expect(JSON.parse(r.body)).toMatchObject({
        type: 'conversion.completed',
        data: { jobId, name: 'shot.png', targetFormat: 'jpg' },
      });
    }
    expect(receiver.at('/files-only')).toHaveLength(0);
  });

  it('refuses a callbackUrl from a visitor or a free account, and one to a private address', async () => {
    const send = (headers: Record<string, string>, callbackUrl: string) =>
      fileForm(png, 'shot.png', { callbackUrl }).then((body) => t.fetch('/api/compress', { method: 'POST', body, headers }));
    const visitor = await send({}, receiver.url('/never'));
    expect([visitor.status, ((await visitor.json()) as { message: string }).message]).toEqual([
      403,
      WebhookMessages.callbackNeedsAccount,
    ]);
    const free = await account(t, false);
    expect((await send({ authorization: `Bearer ${free.token}` }, receiver.url('/never'))).status).toBe(403);
    const bad = await send({ authorization: `Bearer ${free.token}` }, 'ftp://example.com/');
    expect(bad.status).toBe(400);
    expect(receiver.at('/never')).toHaveLength(0);
  });

  it('tries a receiver that failed twice a third time, after growing waits, with the same delivery id', async () => {
    const user = await account(t);
    receiver.answer('/flaky', (_, res, nth) => res.writeHead(nth <= 2 ? 500 : 204).end());
    const url = receiver.url('/flaky');
    await user.api.createWebhook({ url, events: ['compression.completed'] });
    await upload(user.token, '/api/compress');
    const delivered = await deliveryTo(user.api, url, (d) => d.status === 'delivered');
    expect(delivered).toMatchObject({ attempts: 3, lastStatusCode: 204 });
    const tries = receiver.at('/flaky');
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((r) => r.headers['shrinkly-delivery']))).toEqual(new Set([delivered.id]));
    expect((tries[1]?.at ?? 0) - (tries[0]?.at ?? 0)).toBeGreaterThanOrEqual(90);
    expect((tries[2]?.at ?? 0) - (tries[1]?.at ?? 0)).toBeGreaterThanOrEqual(190);
  });

  it('retries a receiver that does not answer in time', async () => {
    const user = await account(t);
    receiver.answer('/slow', (_, res, nth) => {
      if (nth === 1) setTimeout(() => res.writeHead(200).end(), 2_000);
      else res.writeHead(200).end();
    });
    const url = receiver.url('/slow');
    const id = await queueDelivery(user.id, url);
    const retrying = await deliveryTo(user.api, url, (d) => d.attempts === 1);
    expect(retrying).toMatchObject({ id, status: 'pending', lastStatusCode: null, lastError: 'no answer within 400 ms' });
    expect(await deliveryTo(user.api, url, (d) => d.status === 'delivered')).toMatchObject({ attempts: 2, lastStatusCode: 200 });
  });

  it('follows no redirect: a 302 is a failed try', async () => {
    const user = await account(t);
    receiver.answer('/moved', (_, res) => res.writeHead(302, { location: '/elsewhere' }).end());
    const url = receiver.url('/moved');
    await queueDelivery(user.id, url);
    const tried = await deliveryTo(user.api, url, (d) => d.attempts >= 1);
    expect(tried).toMatchObject({ lastStatusCode: 302, lastError: 'HTTP 302 (redirects are not followed)' });
    expect(['pending', 'failed']).toContain(tried.status);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.at('/elsewhere')).toHaveLength(0);
  });

  it('queues the deliveries due whose wait was lost (another process stopped) when the sweeper runs', async () => {
    const user = await account(t);
    const url = receiver.url('/swept');
    const [row] = await t.running.app.get(WebhookDeliveryRepository).createMany([
      {
        userId: user.id,
        url,
        event: 'file.ready',
        payload: { id: 'swept' },
        attempts: 1,
        nextAttemptAt: new Date(Date.now() - 1000),
      },
    ]);
    await t.running.app.get(SweeperService).sweep();
    expect(await deliveryTo(user.api, url, (d) => d.status === 'delivered')).toMatchObject({ id: row?.id, attempts: 2 });
  });

  it('sends a delivery again on request, with the same id and a fresh signature', async () => {
    const user = await account(t);
    const url = receiver.url('/again');
    const id = await queueDelivery(user.id, url);
    await deliveryTo(user.api, url, (d) => d.status === 'delivered');
    const resent = await user.api.resendWebhookDelivery({ id });
    expect(resent).toMatchObject({ id, status: 'pending' });
    const again = await deliveryTo(user.api, url, (d) => d.status === 'delivered' && d.attempts === 2);
    expect(again.id).toBe(id);
    expect(receiver.at('/again').map((r) => r.headers['shrinkly-delivery'])).toEqual([id, id]);
    const stranger = await account(t);
    expect((await errorOf(stranger.api.resendWebhookDelivery({ id }))).status).toBe(404);
  });
});

describe('webhooks without the operator variable', () => {
  const t = useTestApp({ env: { WEBHOOK_TIMEOUT_MS: '400', WEBHOOK_RETRY_BASE_MS: '100' } });
  const receiver = useReceiver();

  it('refuse private, loopback and link-local receivers and plain http, and never connect to them', async () => {
    const { id: userId, api } = await account(t);
    const port = new URL(receiver.url('/')).port;
    const refusals: Array<[string, string]> = [
      [receiver.url('/plain'), WebhookMessages.httpsOnly],
      [`https://127.0.0.1:${port}/hook`, WebhookMessages.privateAddress],
      [`https://localhost:${port}/hook`, WebhookMessages.privateAddress],
      [`https://[::1]:${port}/hook`, WebhookMessages.privateAddress],
      ['https://169.254.169.254/latest', WebhookMessages.privateAddress],
      ['https://[::ffff:10.0.0.1]/hook', WebhookMessages.privateAddress],
    ];
    for (const [url, message] of refusals) {
      const err = await errorOf(api.createWebhook({ url, events: ['file.ready'] }));
      expect([err.status, err.serverMessage], url).toEqual([400, message]);
    }
    // A delivery already recorded for such an address (the operator turned the variable off) is not sent either.
    const [row] = await t.running.app.get(WebhookDeliveryRepository).createMany([
      {
        userId,
        url: `https://localhost:${port}/hook`,
        event: 'file.ready',
        payload: { id: 'x', type: 'file.ready', createdAt: new Date().toISOString(), data: { name: 'a', originalSize: 1 } },
        nextAttemptAt: new Date(),
      },
    ]);
    expect(await t.running.app.get(WebhookDeliveryHandler).run(row?.id as string)).toBe('retrying');
    const [after] = await t.running.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, row?.id as string));
    expect(after).toMatchObject({ attempts: 1, lastStatusCode: null, lastError: WebhookMessages.privateAddress });
    expect(receiver.at('/hook')).toHaveLength(0);
  });
});

const redisConfig = testRedisUrl ? testRedisConfig(testRedisUrl) : undefined;
const queues: Array<{ queue: string; env: Record<string, string> }> = [
  { queue: 'the in-process queue', env: {} },
  ...(redisConfig ? [{ queue: 'Redis', env: { REDIS_URL: redisConfig.url, REDIS_PREFIX: redisConfig.prefix } }] : []),
];

describe.each(queues)('webhook deliveries across a restart, on $queue', ({ env: queueEnv }) => {
  const receiver = useReceiver();
  const dir = useTempDir('shrinkly-webhooks-restart-');
  afterAll(async () => {
    if (redisConfig) await testRedis(redisConfig).cleanUp();
  });

  it('are tried again by the next start on the same database', async () => {
    const database = await openTestDatabase();
    const kept = { ...database, close: async () => {} };
    const env = { ...QUICK, ...queueEnv, WEBHOOK_RETRY_BASE_MS: '1500' };
    const person = newUser();
    let up = false;
    receiver.answer('/later', (_, res) => res.writeHead(up ? 200 : 503).end());
    const url = receiver.url('/later');
    let t = await startTestApp({ env, database: kept });
    try {
      const { token } = await account(t, true, person);
      await t.as(token).createWebhook({ url, events: ['compression.completed'] });
      const png = path.join(dir, 'a.png');
      await makePhotoPng(png, 80, 60);
      const body = await fileForm(png, 'a.png');
      await t.fetch('/api/compress', { method: 'POST', body, headers: { authorization: `Bearer ${token}` } });
      await deliveryTo(t.as(token), url, (d) => d.attempts === 1 && d.status === 'pending');
      await t.close();
      up = true;
      t = await startTestApp({ env, database: kept });
      // Each test start signs tokens with a key of its own: sign in again.
      const again = await t.api.login({ email: person.email, password: person.password });
      const delivered = await deliveryTo(t.as(again.token), url, (d) => d.status === 'delivered');
      expect(delivered).toMatchObject({ attempts: 2, lastStatusCode: 200 });
      expect(receiver.at('/later')).toHaveLength(2);
    } finally {
      await t.close();
      await database.close();
    }
  }, 60_000);
});
