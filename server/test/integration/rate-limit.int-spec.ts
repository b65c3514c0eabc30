import { AUTH_RATE_LIMIT, ErrorMessages, RESET_LINKS_PER_ACCOUNT } from '@shrinkly/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { newUser, tokenOf, useTestApp } from '../harness.js';

const ADMIN_EMAIL = 'boss@shrinkly.test';
const ADMIN_PASSWORD = 'admin secret';

let lastAddress = 0;
/** A client address no earlier test has used: behind a trusted proxy, the test says where a request comes from. */
function newAddress(): string {
  lastAddress += 1;
  return `198.51.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
}

describe('rate limits on sign-in, sign-up, reset and admin login', () => {
  const t = useTestApp({ env: { TRUST_PROXY: 'true', ADMIN_EMAIL, ADMIN_PASSWORD } });

  // Each test has its own addresses, so the counts of one do not reach into the next.
  let attacker: string;
  let otherAttacker: string;
  let owner: string;
  beforeEach(() => {
    [attacker, otherAttacker, owner] = [newAddress(), newAddress(), newAddress()];
  });

  const post = (path: string, json: unknown, from = attacker, token?: string) =>
    t.fetch(path, {
      method: 'POST',
      json,
      headers: { 'x-forwarded-for': from, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const login = (email: string, password: string, from?: string) => post('/api/auth/login', { email, password }, from);

  async function expectLimited(res: Response): Promise<void> {
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ message: ErrorMessages.rateLimited, code: 'rateLimited' });
  }

  it('refuses an address its 11th sign-in on one account, even with the right password, and on that account only', async () => {
    const victim = newUser();
    const neighbour = newUser();
    await t.api.register(victim);
    await t.api.register(neighbour);
    for (let i = 0; i < AUTH_RATE_LIMIT.attempts; i++) expect((await login(victim.email, `wrong ${i}`)).status).toBe(401);
    await expectLimited(await login(victim.email, victim.password));
    // Someone else behind the same address still signs in.
    expect((await login(neighbour.email, neighbour.password)).status).toBe(200);
  });

  it('lets the owner sign in from another address while attackers hammer the account, only slower', async () => {
    const victim = newUser();
    await t.api.register(victim);
    for (let i = 0; i < AUTH_RATE_LIMIT.attempts; i++) expect((await login(victim.email, `wrong ${i}`)).status).toBe(401);
    await expectLimited(await login(victim.email, 'one more guess'));
    for (let i = 0; i < 2; i++) expect((await login(victim.email, `also wrong ${i}`, otherAttacker)).status).toBe(401);

    const started = Date.now();
    const res = await login(victim.email, victim.password, owner);
    expect(res.status).toBe(200);
    // Twelve failures on the account: its checks wait 250 ms doubled twice. A floor only; the machine may be slower.
    expect(Date.now() - started).toBeGreaterThanOrEqual(AUTH_RATE_LIMIT.firstDelayMs * 4 - 20);
  });

  it('counts a burst of parallel guesses like a sequence', async () => {
    const victim = newUser();
    await t.api.register(victim);
    const burst = await Promise.all(
      Array.from({ length: AUTH_RATE_LIMIT.attempts + 5 }, (_, i) => login(victim.email, `guess ${i}`)),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(AUTH_RATE_LIMIT.attempts);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('lets a user sign in behind an address that failed on ten unknown emails, and refuses an address spraying many accounts', async () => {
    const user = newUser();
    await t.api.register(user);
    for (let i = 0; i < AUTH_RATE_LIMIT.attempts; i++)
      expect((await login(`someone${i}@example.com`, 'nope nope')).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(200);

    for (let i = AUTH_RATE_LIMIT.attempts; i < AUTH_RATE_LIMIT.accountsPerAddress; i++) {
      expect((await login(`someone${i}@example.com`, 'nope nope')).status).toBe(401);
    }
    // Failing on that many accounts is spraying: every account is refused from that address, right passwords too...
    await expectLimited(await login('fresh@example.com', 'nope nope'));
    await expectLimited(await login(user.email, user.password));
    // ...and only from that address.
    expect((await login(user.email, user.password, owner)).status).toBe(200);
  });

  it("behind one trusted proxy, a client's own X-Forwarded-For entries never change its address: spraying is still refused", async () => {
    // Each request names a new address of its own before the one the proxy appended.
    const forged = (i: number) => `203.0.113.${i % 250}, 10.9.${i}.1, ${attacker}`;
    for (let i = 0; i < AUTH_RATE_LIMIT.accountsPerAddress; i++) {
      expect((await login(`sprayed${i}@example.com`, 'nope nope', forged(i))).status).toBe(401);
    }
    await expectLimited(await login('one.more@example.com', 'nope nope', forged(999)));
    await expectLimited(await login('one.more@example.com', 'nope nope', attacker));
  });

  it('records the address the proxy appended in the admin audit trail, not the one the client sent', async () => {
    const res = await post('/api/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, `6.6.6.6, ${owner}`);
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    const [latest] = await t.as(token, 'admin').adminAudit();
    expect(latest).toMatchObject({ action: 'sign-in', clientAddress: owner });
  });

  it('does not count successful sign-ins', async () => {
    const body = newUser();
    await t.api.register(body);
    for (let i = 0; i < AUTH_RATE_LIMIT.attempts + 2; i++) {
      expect((await login(body.email, body.password)).status).toBe(200);
    }
  });

  it('limits wrong current passwords per address and account; the owner elsewhere still changes the password', async () => {
    const body = newUser();
    const { token } = await t.api.register(body);
    const change = (currentPassword: string, from: string) =>
      post('/api/auth/reset-password', { currentPassword, newPassword: 'brand new pw' }, from, token);
    for (let i = 0; i < AUTH_RATE_LIMIT.attempts; i++) expect((await change(`wrong ${i}`, attacker)).status).toBe(401);
    await expectLimited(await change(body.password, attacker));
    expect((await change(body.password, owner)).status).toBe(200);
  });

  it('limits password reset requests per address, never for the account: its owner still gets a working link', async () => {
    const body = newUser();
    await t.api.register(body);
    for (let i = 0; i < AUTH_RATE_LIMIT.attempts; i++) {
      expect((await post('/api/auth/forgot-password', { email: body.email })).status).toBe(200);
    }
    await expectLimited(await post('/api/auth/forgot-password', { email: body.email }));

    expect((await post('/api/auth/forgot-password', { email: body.email }, owner)).status).toBe(200);
    // The owner's inbox is not flooded: past a few live links, requests send nothing new...
    const mails = (await t.outbox()).filter((m) => m.includes(`To: ${body.email}`));
    expect(mails).toHaveLength(RESET_LINKS_PER_ACCOUNT);
    // ...and the links it holds work.
    const reset = await post(
      '/api/auth/reset-password',
      { token: tokenOf(await t.resetLinkFor(body.email)), password: 'a new secret' },
      owner,
    );
    expect(reset.status).toBe(200);
  });

  it('limits failed sign-ups (taken emails)', async () => {
    const body = newUser();
    await t.api.register(body);
    for (let i = 0; i < AUTH_RATE_LIMIT.attempts; i++) expect((await post('/api/auth/register', body)).status).toBe(409);
    await expectLimited(await post('/api/auth/register', newUser()));
  });

  it('limits failed admin sign-ins per address; the administrator still signs in from another one', async () => {
    const adminLogin = (password: string, from?: string) => post('/api/admin/login', { email: ADMIN_EMAIL, password }, from);
    for (let i = 0; i < AUTH_RATE_LIMIT.attempts; i++) expect((await adminLogin(`guess ${i}`)).status).toBe(401);
    await expectLimited(await adminLogin(ADMIN_PASSWORD));
    expect((await adminLogin(ADMIN_PASSWORD, owner)).status).toBe(200);
  });
});
