import { describe, expect, it } from 'vitest';
import { planFromFlags } from './auth.js';
import { ApiError, createApiClient } from './client.js';
import { ErrorMessages, errorCodeOf, isErrorCode } from './errors.js';

function fakeFetch(status: number, body: string, seen: Request[] = []): typeof fetch {
  return async (input, init) => {
    seen.push(new Request(`http://x${String(input)}`, init));
    return new Response(body || null, { status, statusText: status === 500 ? 'Internal Server Error' : 'OK' });
  };
}

describe('api client', () => {
  it('sends JSON with the stored bearer token and credentials', async () => {
    const seen: Request[] = [];
    const api = createApiClient({
      fetch: fakeFetch(200, '{"token":"t","user":{}}', seen),
      getToken: (a) => (a === 'user' ? 'abc' : null),
    });
    await api.login({ email: 'a@b.co', password: 'x' });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer abc');
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    expect(seen[0]?.credentials).toBe('include');
    expect(await seen[0]?.json()).toEqual({ email: 'a@b.co', password: 'x' });
  });

  it('fails with "{status}: {message}" from the error body, its text, or the status text', async () => {
    await expect(createApiClient({ fetch: fakeFetch(401, '{"message":"Invalid credentials"}') }).me()).rejects.toThrow(
      '401: Invalid credentials',
    );
    await expect(createApiClient({ fetch: fakeFetch(502, 'Bad gateway page') }).me()).rejects.toThrow('502: Bad gateway page');
    const err = await createApiClient({ fetch: fakeFetch(500, '') })
      .me()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('500: Internal Server Error');
  });

  it("carries the error body's code when it is a known one, and no code otherwise", async () => {
    const fail = (body: string) =>
      createApiClient({ fetch: fakeFetch(402, body) })
        .me()
        .catch((e: unknown) => e as ApiError);
    const known = await fail(JSON.stringify({ message: ErrorMessages.premiumRequired, code: 'premiumRequired' }));
    expect([known.status, known.code, known.serverMessage]).toEqual([402, 'premiumRequired', ErrorMessages.premiumRequired]);
    expect((await fail('{"message":"Newer words","code":"someFutureCode"}')).code).toBeUndefined();
    expect((await fail('{"message":"Payment required"}')).code).toBeUndefined();
    expect((await fail('not json')).code).toBeUndefined();
  });
});

describe('error codes', () => {
  it('names every message once, and nothing else', () => {
    for (const [code, message] of Object.entries(ErrorMessages)) expect(errorCodeOf(message)).toBe(code);
    expect(errorCodeOf('Some other words')).toBeUndefined();
    expect(isErrorCode('notFound')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });
});

describe('api client paths', () => {
  it('fills path parameters and sends query parameters only when given', async () => {
    const seen: Request[] = [];
    const api = createApiClient({ fetch: fakeFetch(200, '[]', seen) });
    await api.listFiles({ folderId: '4b0c7f53-8f3c-4b55-9a52-2c3e7d6f9a10' });
    await api.listFiles({});
    await api.renameFile({ id: 'a/b', name: 'x.png' });
    expect(seen.map((r) => new URL(r.url).pathname + new URL(r.url).search)).toEqual([
      '/api/files?folderId=4b0c7f53-8f3c-4b55-9a52-2c3e7d6f9a10',
      '/api/files',
      '/api/files/a%2Fb/rename',
    ]);
    expect(await seen[2]?.json()).toEqual({ name: 'x.png' });
  });
});

describe('planFromFlags', () => {
  it('is Premium if subscribed, else Trial if the trial is active, else Free', () => {
    expect(planFromFlags({ isSubscribed: true, isTrialActive: true })).toBe('premium');
    expect(planFromFlags({ isSubscribed: false, isTrialActive: true })).toBe('trial');
    expect(planFromFlags({ isSubscribed: false, isTrialActive: false })).toBe('free');
  });
});
