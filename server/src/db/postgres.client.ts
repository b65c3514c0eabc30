import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import { type Database, type DatabaseHandle, MIGRATIONS_FOLDER, schema } from './client.js';

/** The advisory lock key under which a process applies the migrations ("shrk"). */
const MIGRATION_LOCK = 0x7368726b;

/** A PostgreSQL server through a connection pool. */
export async function openPostgres(url: string, logger?: Logger): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A connection resting in the pool can be ended by the server (a restart, a failover, an administrator, a database
  // dropped while it closes). The pool then emits 'error', which with no listener takes the whole process down; the
  // pool has already discarded that connection and opens a new one for the next query.
  pool.on('error', (err) => logger?.warn({ err }, 'the database ended an idle connection; the next query opens a new one'));
  // Fail at boot, with the server's own message, when the database cannot be reached.
  await pool.query('select 1');
  const db = drizzle({ client: pool, schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    // Processes of a fleet start together on one database: one applies the migrations, the others wait for the lock
    // and find them applied.
    migrate: async () => {
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        holder.release();
      }
    },
    close: () => pool.end(),
  };
}
