import type { DatabaseHandle } from '../../db/client.js';
import { AdvisoryRunOnce } from './advisory.run-once.js';
import { InProcessRunOnce } from './in-process.run-once.js';
import type { RunOnceLock } from './run-once.port.js';

/** The run-once lock of the database in use: PostgreSQL's advisory locks, or this process's own with PGlite. */
export function createRunOnceLock(database: DatabaseHandle): RunOnceLock {
  return database.kind === 'postgres' ? new AdvisoryRunOnce(database.db) : new InProcessRunOnce();
}
