import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { RunOnceLock, type RunOnceOutcome } from './run-once.port.js';

/**
 * The lock on PostgreSQL, which every process of the deployment shares: a transaction-scoped advisory lock, keyed
 * by the name, held by a transaction that stays open while the work runs (the work itself uses other connections).
 * PostgreSQL releases it when that transaction ends — also when the process holding it dies — so a crash never
 * leaves a stale lock and needs no expiry to guess.
 */
export class AdvisoryRunOnce extends RunOnceLock {
  constructor(private readonly db: Database) {
    super();
  }

  runExclusive<T>(name: string, work: () => Promise<T>): Promise<RunOnceOutcome<T>> {
    return this.db.transaction(async (tx) => {
      const result = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(hashtext('shrinkly'), hashtext(${name})) as locked`,
      )) as unknown as {
        rows: Array<{ locked: boolean }>;
      };
      if (!result.rows[0]?.locked) return { ran: false };
      return { ran: true, value: await work() };
    });
  }
}
