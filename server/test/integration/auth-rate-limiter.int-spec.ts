import { randomUUID } from 'node:crypto';
import { AUTH_RATE_LIMIT } from '@shrinkly/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateCounters } from '../../src/adapters/rate-counters/memory.rate-counters.js';
import type { RateCounters } from '../../src/adapters/rate-counters/rate-counters.port.js';
import { RedisRateCounters } from '../../src/adapters/rate-counters/redis.rate-counters.js';
import { RateLimitedError } from '../../src/common/errors.js';
import { AuthRateLimiter } from '../../src/features/accounts/auth-rate-limiter.js';
import { testRedis, testRedisConfig, testRedisUrl } from '../redis.js';

/** Where the counters are kept, opened once per process of a deployment. */
interface CountersSubject {
  name: string;
  /** Whether two processes count the same attempts (Redis), or each its own (memory). */
  shared: boolean;
  /** The counters of one more process. */
  open(): Promise<RateCounters>;
  cleanUp(): Promise<void>;
}

function memorySubject(): CountersSubject {
  return { name: 'memory', shared: false, open: async () => new MemoryRateCounters(), cleanUp: async () => {} };
}

function redisSubject(url: string): CountersSubject {
  const config = testRedisConfig(url);
  const redis = testRedis(config);
  return {
    name: 'Redis',
    shared: true,
    open: async () => new RedisRateCounters((await redis.connect()).client, config.prefix),
    cleanUp: () => redis.cleanUp(),
  };
}

const subjects = [memorySubject(), ...(testRedisUrl ? [redisSubject(testRedisUrl)] : [])];

/** An address and an account no other test uses: the windows last 15 minutes. */
const fresh = () => ({ ip: `10.${randomUUID()}`, account: `${randomUUID()}@example.com` });

/** A password check that fails (never marked succeeded), or the refusal it met. */
const fail = (limiter: AuthRateLimiter, account: string, ip: string) =>
  limiter.startSignIn('login', account, ip).then(
    () => 'checked',
    (err: unknown) => err,
  );

describe.each(subjects)('AuthRateLimiter on $name counters', (subject) => {
  afterAll(() => subject.cleanUp());
  const limiter = async () => new AuthRateLimiter(await subject.open());

  it('refuses an address its 11th password check on one account, and on that account only', async () => {
    const l = await limiter();
    const { ip, account } = fresh();
    for (let i = 0; i < AUTH_RATE_LIMIT.attempts; i++) expect(await fail(l, account, ip)).toBe('checked');
    const refused = await fail(l, account, ip);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0);
    expect(await fail(l, fresh().account, ip)).toBe('checked');
    // The owner, from elsewhere: checked, only slowed by the failures on the account.
    const started = Date.now();
    expect(await fail(l, account, fresh().ip)).toBe('checked');
    expect(Date.now() - started).toBeGreaterThanOrEqual(AUTH_RATE_LIMIT.firstDelayMs - 20);
  });

  it('does not count successful checks', async () => {
    const l = await limiter();
    const { ip, account } = fresh();
    for (let i = 0; i < AUTH_RATE_LIMIT.attempts + 5; i++) await (await l.startSignIn('login', account, ip)).succeeded();
    expect(await fail(l, account, ip)).toBe('checked');
  });

  it('counts a burst of parallel guesses like a sequence', async () => {
    const l = await limiter();
    const { ip, account } = fresh();
    const results = await Promise.all(Array.from({ length: AUTH_RATE_LIMIT.attempts + 5 }, () => fail(l, account, ip)));
    expect(results.filter((r) => r === 'checked')).toHaveLength(AUTH_RATE_LIMIT.attempts);
    expect(results.filter((r) => r instanceof RateLimitedError)).toHaveLength(5);
  });

  it('refuses an address spraying many accounts, right passwords included', async () => {
    const l = await limiter();
    const { ip } = fresh();
    for (let i = 0; i < AUTH_RATE_LIMIT.accountsPerAddress; i++) expect(await fail(l, fresh().account, ip)).toBe('checked');
    await expect(l.startSignIn('login', fresh().account, ip)).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('counts other actions per address and email: the 11th is refused, other addresses are not', async () => {
    const l = await limiter();
    const { ip, account } = fresh();
    for (let i = 0; i < AUTH_RATE_LIMIT.attempts; i++) await l.hit('forgot-password', ip, account);
    await expect(l.hit('forgot-password', ip)).rejects.toBeInstanceOf(RateLimitedError);
    await expect(l.assertAllowed('forgot-password', fresh().ip, account)).rejects.toBeInstanceOf(RateLimitedError);
    await expect(l.assertAllowed('forgot-password', fresh().ip)).resolves.toBeUndefined();
    await expect(l.assertAllowed('register', ip)).resolves.toBeUndefined();
  });

  it(
    subject.shared ? 'counts the attempts of two processes together' : 'counts only the attempts of its own process',
    async () => {
      const [one, two] = [await limiter(), await limiter()];
      const { ip, account } = fresh();
      for (let i = 0; i < AUTH_RATE_LIMIT.attempts / 2; i++) {
        expect(await fail(one, account, ip)).toBe('checked');
        expect(await fail(two, account, ip)).toBe('checked');
      }
      const next = await fail(two, account, ip);
      if (subject.shared) expect(next).toBeInstanceOf(RateLimitedError);
      else expect(next).toBe('checked');
    },
  );
});
