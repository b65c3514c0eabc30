import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { admins } from '../../db/schema/index.js';
import { SignInRecords } from './sign-in-records.js';

/** Named queries on the admins table: those of every sign-in table, and how many admins there are. */
export class AdminRepository extends SignInRecords<typeof admins> {
  constructor(db: Database) {
    super(db, admins);
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(admins);
    return row?.n ?? 0;
  }
}
