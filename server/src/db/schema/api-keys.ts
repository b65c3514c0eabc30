import { API_KEY_SCOPES } from '@shrinkly/contract';
import { bigint, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, moment, rowId } from './columns.js';
import { ownerId } from './users.js';

/**
 * An account's API keys. The secret is shown once when the key is made and stored only as its SHA-256 (a key is 192
 * random bits, so a fast hash is safe and lets a request find its key by index); the prefix tells keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: rowId(),
    userId: ownerId(),
    name: text('name').notNull(),
    /** The first characters of the key (`shr_` and 8 more), shown wherever the key is listed. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key, hex. */
    secretHash: text('secret_hash').notNull().unique(),
    scopes: text('scopes', { enum: API_KEY_SCOPES }).array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: moment('last_used_at'),
    /** Set when the owner or an administrator revokes the key; it then signs nothing in. */
    revokedAt: moment('revoked_at'),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** What each key did in a calendar month (UTC, `YYYY-MM`): files sent and bytes in and out. */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    files: integer('files').notNull().default(0),
    bytesIn: bigint('bytes_in', { mode: 'number' }).notNull().default(0),
    bytesOut: bigint('bytes_out', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.month] })],
);

export type ApiKeyUsageRow = typeof apiKeyUsage.$inferSelect;
