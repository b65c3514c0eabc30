import { type Endpoint, endpoints } from '@shrinkly/contract';
import { describe, expect, it } from 'vitest';
import { newUser, type TestApp, useTestApp } from '../harness.js';

/** Routes the server mounts that are not endpoints of the contract, each with the reason. */
const EXCEPTIONS: Array<{ route: string; reason: string }> = [
  {
    route: 'GET /api/payments/sandbox/checkout/{jobId}',
    reason:
      "the sandbox payment provider's HTML checkout page, standing in for a real provider's hosted page: not part of the API",
  },
  {
    route: 'POST /api/payments/sandbox/checkout/{jobId}',
    reason: 'the form post of that sandbox checkout page (url-encoded, answers a redirect): not part of the API',
  },
  {
    route: 'GET /api/payments/sandbox/paypal/{subscriptionId}',
    reason: "the sandbox's test-mode PayPal approval page, standing in for PayPal's hosted page: not part of the API",
  },
  {
    route: 'POST /api/payments/sandbox/paypal/{subscriptionId}',
    reason: 'the form post of that approval page (url-encoded, answers a redirect back to /subscribe): not part of the API',
  },
  {
    route: 'GET /api/paypal/checkout/{jobId}',
    reason:
      'the signed checkout link of pay per file with PayPal: a browser hop that creates the order and redirects to PayPal, not part of the API',
  },
  {
    route: 'GET /api/paypal/checkout-return',
    reason:
      "PayPal's return_url for that checkout: a browser hop that captures the order and redirects to the outcome page, not part of the API",
  },
];

interface RouterLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: unknown[] };
  name?: string;
}

/** `/api/files/:id/rename` and `/api/converter/formats/*mimeType` as the contract writes them: `{id}`, `{mimeType}`. */
function contractStyle(path: string): string {
  return path.replace(/[:*](\w+)/g, '{$1}');
}

/** Every route mounted in the express app, as "METHOD /path" in the contract's style. */
function mountedRoutes(t: TestApp): { routes: string[]; unreadable: string[] } {
  const stack = (t.running.app.getHttpAdapter().getInstance() as { router: { stack: RouterLayer[] } }).router.stack;
  const routes: string[] = [];
  const unreadable: string[] = [];
  for (const layer of stack) {
    // A nested router's routes would be mounted under a prefix this list cannot see: name it instead.
    if (!layer.route) {
      if (layer.handle?.stack) unreadable.push(`a nested router (${layer.name ?? 'anonymous'})`);
      continue;
    }
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    for (const method of Object.keys(layer.route.methods)) {
      for (const path of paths) routes.push(`${method === '_all' ? 'ALL' : method.toUpperCase()} ${contractStyle(path)}`);
    }
  }
  return { routes, unreadable };
}

describe('mounted routes', () => {
  const t = useTestApp();

  it('are the endpoints of the contract, and the listed exceptions, each once', () => {
    const contract = new Map(
      (Object.entries(endpoints) as Array<[string, Endpoint]>).map(([name, e]) => [`${e.method} ${e.path}`, name]),
    );
    const exceptions = new Set(EXCEPTIONS.map((e) => e.route));
    const { routes, unreadable } = mountedRoutes(t);
    const mounted = new Set(routes);

    const notInContract = [...mounted].filter((r) => !contract.has(r) && !exceptions.has(r));
    const notMounted = [...contract]
      .filter(([route]) => !mounted.has(route))
      .map(([route, name]) => `${route} (endpoints.${name})`);
    const mountedTwice = routes.filter((r, i) => routes.indexOf(r) !== i);
    const staleExceptions = [...exceptions].filter((r) => !mounted.has(r) || contract.has(r));

    expect({ notInContract, notMounted, mountedTwice, staleExceptions, unreadable }).toEqual({
      notInContract: [],
      notMounted: [],
      mountedTwice: [],
      staleExceptions: [],
      unreadable: [],
    });
    // The walk above saw the real table: every endpoint and exception, nothing else.
    expect(mounted.size).toBe(contract.size + exceptions.size);
  });

  it('answer 401 without a token on every user endpoint', async () => {
    const id = '4b0c7f53-8f3c-4b55-9a52-2c3e7d6f9a10';
    const userRoutes = (Object.values(endpoints) as Endpoint[]).filter((e) => e.auth === 'user');
    const answers = await Promise.all(
      userRoutes.map(async (e) => {
        const res = await t.fetch(e.path.replace(/\{\w+\}/g, id), { method: e.method });
        await res.body?.cancel();
        return `${e.method} ${e.path} ${res.status}`;
      }),
    );
    expect(answers).toEqual(userRoutes.map((e) => `${e.method} ${e.path} 401`));
  });

  it("mount Stripe's routes with any provider, answering 404 unless it is Stripe", async () => {
    const { token } = await t.api.register(newUser());
    const setupIntent = await t.fetch(endpoints.stripeSetupIntent.path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const webhook = await t.fetch(endpoints.stripeWebhook.path, { method: 'POST', json: { id: 'evt_1', type: 'invoice.paid' } });
    const stripeJs = await t.fetch(endpoints.stripeJs.path);
    expect([setupIntent.status, webhook.status, stripeJs.status]).toEqual([404, 404, 404]);
  });
});
