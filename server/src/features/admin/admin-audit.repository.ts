import type { AdminAuditEntry } from '@shrinkly/contract';
import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type AdminAuditRow, adminAudit } from '../../db/schema/index.js';

export type NewAuditEntry = Pick<AdminAuditRow, 'adminId' | 'adminEmail' | 'action' | 'target' | 'clientAddress' | 'at'>;

/** Named queries on the admin audit trail. */
export class AdminAuditRepository {
  constructor(private readonly db: Database) {}

  async record(entry: NewAuditEntry): Promise<void> {
    await this.db.insert(adminAudit).values(entry);
  }

  /** The latest entries, newest first. */
  async latest(limit: number): Promise<AdminAuditEntry[]> {
    const rows = await this.db.select().from(adminAudit).orderBy(desc(adminAudit.seq)).limit(limit);
    return rows.map((row) => ({
      id: row.id,
      admin: row.adminEmail,
      action: row.action,
      target: row.target,
      at: row.at.toISOString(),
      clientAddress: row.clientAddress,
    }));
  }
}
