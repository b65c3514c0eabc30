import { AUTH_RATE_LIMIT } from '@shrinkly/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newUser, startTestApp, type TestApp } from '../harness.js';

describe('rate limits on sign-in, sign-up, reset and admin login', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(async () => t?.close());

  const post = (path: string, json: unknown) => t.fetch(path, { method: 'POST', json });

  it('answers the 11th failed sign-in for an email within the window with 429, even with the right password', async () => {
    const body = newUser();
    await t.api.register(body);
    for (let i = 0; i < AUTH_RATE_LIMIT.attempts; i++) {
      expect((await post('/api/auth/login', { email: body.email, password: `wrong ${i}` })).status).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: body.email, password: body.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/Too many attempts/);
  });

  it('limits failures per IP across different emails', async () => {
    for (let i = 0; i < AUTH_RATE_LIMIT.attempts; i++) {
      expect((await post('/api/auth/login', { email: `someone${i}@example.com`, password: 'nope nope' })).status).toBe(401);
    }
    expect((await post('/api/auth/login', { email: 'fresh@example.com', password: 'nope nope' })).status).toBe(429);
  });

  it('does not count successful sign-ins', async () => {
    const body = newUser();
    await t.api.register(body);
    for (let i = 0; i < AUTH_RATE_LIMIT.attempts + 2; i++) {
      expect((await post('/api/auth/login', body)).status).toBe(200);
    }
  });

  it('limits password reset requests', async () => {
    const email = 'reset-me@example.com';
    for (let i = 0; i < AUTH_RATE_LIMIT.attempts; i++) expect((await post('/api/auth/forgot-password', { email })).status).toBe(200);
    expect((await post('/api/auth/forgot-password', { email })).status).toBe(429);
  });

  it('limits failed sign-ups (taken emails)', async () => {
    const body = newUser();
    await t.api.register(body);
    for (let i = 0; i < AUTH_RATE_LIMIT.attempts; i++) expect((await post('/api/auth/register', body)).status).toBe(409);
    expect((await post('/api/auth/register', newUser())).status).toBe(429);
  });

  it('limits failed admin sign-ins', async () => {
    for (let i = 0; i < AUTH_RATE_LIMIT.attempts; i++) {
      expect((await post('/api/admin/login', { email: 'admin@shrinkly.local', password: `guess ${i}` })).status).toBe(401);
    }
    expect((await post('/api/admin/login', { email: 'admin@shrinkly.local', password: 'guess again' })).status).toBe(429);
  });
});
