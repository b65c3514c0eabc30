import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';
import { capturingLogger } from '../harness.js';

const serverUrl = process.env.TEST_DATABASE_URL;

// A connection the server ends while it rests in the pool (a restart, a failover, an administrator) is an event the
// process must live through: the next query simply opens another connection.
/** The backend process id a `select pg_backend_pid() as pid` answered. */
const pidOf = (result: unknown) => (result as { rows: { pid: number }[] }).rows[0]?.pid;

describe.runIf(serverUrl)('PostgreSQL connections', () => {
  const opened: DatabaseHandle[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((h) => h.close()));
  });

  it('survives the server ending an idle connection, says so in the log, and answers the next query', async () => {
    const { logger, lines } = capturingLogger('warn');
    const database = await openDatabase({ databaseUrl: serverUrl, logger });
    opened.push(database);
    const idle = await database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
    const pid = pidOf(idle);
    expect(pid).toBeTypeOf('number');

    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    await expect
      .poll(() => lines.filter((l) => l.level === 40 && /ended an idle connection/.test(l.msg)), { timeout: 10_000 })
      .toHaveLength(1);

    const next = await database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
    expect(pidOf(next)).not.toBe(pid);
  });
});
