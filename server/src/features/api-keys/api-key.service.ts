import {
  API_KEYS_MADE_PER_HOUR,
  API_KEYS_PER_ACCOUNT,
  type ApiKey,
  type CreateApiKeyRequest,
  type CreatedApiKey,
  ErrorMessages,
} from '@shrinkly/contract';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { consumeOrRefuse } from '../../adapters/rate-counters/consume-or-refuse.js';
import type { RateCounters } from '../../adapters/rate-counters/rate-counters.port.js';
import type { Clock } from '../../common/clock.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import type { UserRow } from '../../db/schema/index.js';
import { planOf } from '../../read-models/plan-of.js';
import type { ApiKeyRepository } from './api-key.repository.js';
import { newApiKeySecret } from './api-key-secret.js';

/** A key made or revoked by its owner, for the audit trail (the admin feature registers to record it). */
export interface ApiKeyChange {
  action: 'create-api-key' | 'revoke-api-key';
  user: Pick<UserRow, 'id' | 'email'>;
  prefix: string;
  clientAddress: string;
}

/** The calendar month (UTC) a key's use counts toward, as `YYYY-MM`. */
export function usageMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** API keys: trial and premium accounts make, list and revoke them; staff list and revoke anyone's. */
export class ApiKeyService {
  private readonly auditors: ((change: ApiKeyChange) => Promise<void>)[] = [];

  private readonly made: RateLimiterAbstract;

  constructor(
    private readonly keys: ApiKeyRepository,
    counters: RateCounters,
    private readonly clock: Clock,
  ) {
    this.made = counters.counter({ keyPrefix: 'api-key-made', points: API_KEYS_MADE_PER_HOUR, duration: 3600 });
  }

  /** Called with every key an owner makes or revokes, before the answer goes out. */
  registerAuditor(auditor: (change: ApiKeyChange) => Promise<void>): void {
    this.auditors.push(auditor);
  }

  list(user: UserRow): Promise<ApiKey[]> {
    return this.keys.listOwned(user.id, usageMonth(this.clock.now()), false);
  }

  /** A new key for a trial or premium account; its secret is returned this once and stored only as a hash. */
  async create(user: UserRow, request: CreateApiKeyRequest, clientAddress: string): Promise<CreatedApiKey> {
    const now = this.clock.now();
    if (planOf(user, now).plan === 'free') throw new ForbiddenError(ErrorMessages.apiKeyPremium);
    if ((await this.keys.countActive(user.id)) >= API_KEYS_PER_ACCOUNT) throw new ConflictError(ErrorMessages.apiKeyLimit);
    await consumeOrRefuse(this.made, user.id, ErrorMessages.apiKeysMadeTooOften);
    const { secret, prefix, hash } = newApiKeySecret();
    const row = await this.keys.create({
      userId: user.id,
      name: request.name,
      prefix,
      secretHash: hash,
      scopes: request.scopes,
      createdAt: now,
    });
    await this.audit({ action: 'create-api-key', user, prefix, clientAddress });
    const [key] = (await this.keys.listOwned(user.id, usageMonth(now), false)).filter((k) => k.id === row.id);
    if (!key) throw new Error('the new key is not listed');
    return { key, secret };
  }

  async revoke(user: UserRow, id: string, clientAddress: string): Promise<void> {
    const row = await this.revokeOf(user.id, id);
    await this.audit({ action: 'revoke-api-key', user, prefix: row.prefix, clientAddress });
  }

  /** Every key of a user, revoked ones too, for staff. */
  async listForStaff(userId: string): Promise<ApiKey[]> {
    if (!isUuid(userId)) return [];
    return this.keys.listOwned(userId, usageMonth(this.clock.now()), true);
  }

  /** Revokes a user's key for staff (who record it in the audit trail themselves); its prefix. */
  async revokeForStaff(userId: string, id: string): Promise<string> {
    return (await this.revokeOf(userId, id)).prefix;
  }

  private async revokeOf(userId: string, id: string) {
    const row = isUuid(userId) && isUuid(id) ? await this.keys.revoke(userId, id, this.clock.now()) : undefined;
    if (!row) throw new NotFoundError(ErrorMessages.apiKeyNotFound);
    return row;
  }

  private async audit(change: ApiKeyChange): Promise<void> {
    for (const auditor of this.auditors) await auditor(change);
  }
}
