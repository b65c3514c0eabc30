import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type Database, type DatabaseHandle, MIGRATIONS_FOLDER, schema } from './client.js';

/** Embedded PostgreSQL (PGlite) in a folder, or in memory when no folder is given. */
export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const db = drizzle({ client, schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}
