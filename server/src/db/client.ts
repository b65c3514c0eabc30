import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import * as schema from './schema/index.js';

/** The one Drizzle API the repositories use, whichever client is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database and how to close it. */
export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export { schema };

export const MIGRATIONS_FOLDER = new URL('../../src/db/migrations', import.meta.url).pathname;

/**
 * Opens PostgreSQL when a URL is given, else embedded PGlite in `pgliteDir` (in memory when undefined). The logger
 * hears of connections the server ended between queries.
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  pgliteDir?: string | undefined;
  logger?: Logger;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres.client.js');
    return openPostgres(opts.databaseUrl, opts.logger);
  }
  const { openPglite } = await import('./pglite.client.js');
  return openPglite(opts.pgliteDir);
}
