import type { ApiKey, ApiKeyUsage } from '@shrinkly/contract';
import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { findOne } from '../../db/find-one.js';
import { insertOne } from '../../db/insert-one.js';
import { type ApiKeyRow, apiKeys, apiKeyUsage } from '../../db/schema/index.js';

/** How often a key's last use is written. */
export const LAST_USE_EVERY_MS = 60_000;

export type NewApiKey = Pick<ApiKeyRow, 'userId' | 'name' | 'prefix' | 'secretHash' | 'scopes' | 'createdAt'>;

/** What one call added to a key's month: the counters of its usage. */
export type UsageDelta = Omit<ApiKeyUsage, 'month'>;

/** Named queries on API keys and their monthly usage. */
export class ApiKeyRepository {
  constructor(private readonly db: Database) {}

  create(key: NewApiKey): Promise<ApiKeyRow> {
    return insertOne(this.db, apiKeys, key);
  }

  async countActive(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    return row?.n ?? 0;
  }

  /** The user's keys, oldest first, with `month`'s usage; revoked ones only when asked. */
  async listOwned(userId: string, month: string, includeRevoked: boolean): Promise<ApiKey[]> {
    const rows = await this.db
      .select({ key: apiKeys, usage: apiKeyUsage })
      .from(apiKeys)
      .leftJoin(apiKeyUsage, and(eq(apiKeyUsage.keyId, apiKeys.id), eq(apiKeyUsage.month, month)))
      .where(and(eq(apiKeys.userId, userId), includeRevoked ? undefined : isNull(apiKeys.revokedAt)))
      .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
    return rows.map(({ key, usage }) => ({
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      scopes: key.scopes,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      revokedAt: key.revokedAt?.toISOString() ?? null,
      usage: { month, files: usage?.files ?? 0, bytesIn: usage?.bytesIn ?? 0, bytesOut: usage?.bytesOut ?? 0 },
    }));
  }

  /** The key with this hash while it is not revoked. */
  async findActiveByHash(secretHash: string): Promise<ApiKeyRow | undefined> {
    return findOne(this.db, apiKeys, and(eq(apiKeys.secretHash, secretHash), isNull(apiKeys.revokedAt)));
  }

  /** Revokes the user's key; false when the user has no such key still active. */
  async revoke(userId: string, id: string, at: Date): Promise<ApiKeyRow | undefined> {
    const [row] = await this.db
      .update(apiKeys)
      .set({ revokedAt: at })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning();
    return row;
  }

  /** Notes a use; written at most once a minute per key, so a busy key does not write on every call. */
  async touch(id: string, at: Date): Promise<void> {
    const aMinuteAgo = new Date(at.getTime() - LAST_USE_EVERY_MS);
    await this.db
      .update(apiKeys)
      .set({ lastUsedAt: at })
      .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, aMinuteAgo))));
  }

  /** Adds one call to the key's month, in one statement, so concurrent calls all count. */
  async addUsage(keyId: string, month: string, delta: UsageDelta): Promise<void> {
    await this.db
      .insert(apiKeyUsage)
      .values({ keyId, month, ...delta })
      .onConflictDoUpdate({
        target: [apiKeyUsage.keyId, apiKeyUsage.month],
        set: {
          files: sql`${apiKeyUsage.files} + ${delta.files}`,
          bytesIn: sql`${apiKeyUsage.bytesIn} + ${delta.bytesIn}`,
          bytesOut: sql`${apiKeyUsage.bytesOut} + ${delta.bytesOut}`,
        },
      });
  }
}
