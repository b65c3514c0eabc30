import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_RATE_LIMIT, ErrorMessages } from '@shrinkly/contract';
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateCounters } from '../../adapters/rate-counters/rate-counters.port.js';
import { RateLimitedError } from '../../common/errors.js';

/** Password checks: throttled per account and address, never locked per account. */
export type SignInAction = 'login' | 'admin-login' | 'change-password';
/** Everything else: counted per address (and per email for sign-up). */
export type AddressAction = 'register' | 'forgot-password' | 'admin-reset' | 'reset-password';

/** A started password check; it counts as a failure unless `succeeded` is called. */
export interface SignInAttempt {
  succeeded(): Promise<void>;
}

/**
 * Throttles guessing without handing out lock-outs. For password checks (sign-in, admin sign-in, password change),
 * within each window of AUTH_RATE_LIMIT.windowMs:
 *
 * - One address gets `attempts` failures on one account; then 429 for that account from that address only, so an
 *   attacker hammering someone's account never stops its owner, who signs in from another address.
 * - An address that fails on `accountsPerAddress` different accounts is spraying passwords and gets 429 on every
 *   account, right passwords included: refusing only the accounts it failed on would let it try one common password
 *   on each account forever. The bar is twice the per-account one, so a few people behind one address who mistype
 *   (or the odd typo in an email) do not come near it.
 * - Failures on one account from all addresses together never refuse anything. Past `attempts` they slow every
 *   further check of that account, the right password's too, by `firstDelayMs` doubling up to `maxDelayMs`: a
 *   bounded wait for the owner, a brake on an attacker with many addresses.
 *
 * Attempts are counted when they start and handed back when they succeed, so a burst of parallel guesses meets the
 * limits as surely as a sequence. Emails are counted whether or not they have an account, so answers tell nothing.
 * The counters live where `counters` keeps them: this process by default, Redis with REDIS_URL, so that every web
 * process of a deployment counts the same attempts.
 */
export class AuthRateLimiter {
  private readonly counter: RateLimiterAbstract;

  constructor(counters: RateCounters) {
    this.counter = counters.counter({
      keyPrefix: 'auth',
      points: AUTH_RATE_LIMIT.attempts,
      duration: AUTH_RATE_LIMIT.windowMs / 1000,
    });
  }

  /** Checks and counts a password attempt on `account` from `ip`, waiting first when the account is under attack. */
  async startSignIn(action: SignInAction, account: string, ip: string): Promise<SignInAttempt> {
    const pairKey = `${action}:pair:${ip}:${account}`;
    const addressKey = `${action}:accounts:${ip}`;
    const accountKey = `${action}:account:${account}`;

    const spraying = await this.counter.get(addressKey);
    if (spraying && spraying.consumedPoints >= AUTH_RATE_LIMIT.accountsPerAddress) throw limited(spraying);
    const pair = await this.counter.penalty(pairKey);
    if (pair.consumedPoints > AUTH_RATE_LIMIT.attempts) throw limited(pair);
    // The address's first attempt on this account in the window: one more account it has tried.
    const newAccount = pair.consumedPoints === 1;
    if (newAccount) {
      const accounts = await this.counter.penalty(addressKey);
      if (accounts.consumedPoints > AUTH_RATE_LIMIT.accountsPerAddress) {
        await this.counter.reward(pairKey);
        throw limited(accounts);
      }
    }
    const earlier = (await this.counter.penalty(accountKey)).consumedPoints - 1;
    const wait = slowdownMs(earlier);
    if (wait > 0) await sleep(wait);

    return {
      succeeded: async () => {
        await this.counter.delete(pairKey);
        if (newAccount) await this.giveBack(addressKey);
        await this.giveBack(accountKey);
      },
    };
  }

  /** Throws RateLimitedError when the limit is already reached for the address or the email. */
  async assertAllowed(action: AddressAction, ip: string, email?: string): Promise<void> {
    for (const key of this.keys(action, ip, email)) {
      const res = await this.counter.get(key);
      if (res && res.consumedPoints >= AUTH_RATE_LIMIT.attempts) throw limited(res);
    }
  }

  /** Counts one failed attempt against the address and the email. */
  async record(action: AddressAction, ip: string, email?: string): Promise<void> {
    for (const key of this.keys(action, ip, email)) await this.counter.penalty(key);
  }

  /** Counts the attempt and then refuses it if it went over the limit: for actions where every attempt counts. */
  async hit(action: AddressAction, ip: string, email?: string): Promise<void> {
    await this.assertAllowed(action, ip, email);
    await this.record(action, ip, email);
  }

  /** Takes back one counted attempt, unless the window it was counted in has ended meanwhile. */
  private async giveBack(key: string): Promise<void> {
    const res = await this.counter.get(key);
    if (res && res.consumedPoints > 0) await this.counter.reward(key);
  }

  private keys(action: AddressAction, ip: string, email?: string): string[] {
    const keys = [`${action}:ip:${ip}`];
    if (email) keys.push(`${action}:email:${email}`);
    return keys;
  }
}

/** The wait before checking a password of an account that already has this many failures in the window. */
function slowdownMs(failures: number): number {
  if (failures < AUTH_RATE_LIMIT.attempts) return 0;
  return Math.min(AUTH_RATE_LIMIT.maxDelayMs, AUTH_RATE_LIMIT.firstDelayMs * 2 ** (failures - AUTH_RATE_LIMIT.attempts));
}

function limited(res: RateLimiterRes): RateLimitedError {
  return new RateLimitedError(ErrorMessages.rateLimited, Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
}
