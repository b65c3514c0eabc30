import type { AdminAuditEntry } from '@shrinkly/contract';
import type { Clock } from '../../common/clock.js';
import type { AdminRow } from '../../db/schema/index.js';
import type { AdminAuditRepository } from './admin-audit.repository.js';

export const AUDIT_LIST_LIMIT = 200;

export type AdminAction = AdminAuditEntry['action'];

/** The administrators' audit trail: what each did, to whom, when and from where. */
export class AdminAuditService {
  constructor(
    private readonly entries: AdminAuditRepository,
    private readonly clock: Clock,
  ) {}

  async record(
    admin: Pick<AdminRow, 'id' | 'email'>,
    action: AdminAction,
    target: string | null,
    clientAddress: string,
  ): Promise<void> {
    await this.entries.record({
      adminId: admin.id,
      adminEmail: admin.email,
      action,
      target,
      clientAddress,
      at: this.clock.now(),
    });
  }

  latest(): Promise<AdminAuditEntry[]> {
    return this.entries.latest(AUDIT_LIST_LIMIT);
  }
}
