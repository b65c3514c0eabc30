import type { AdminAuditEntry } from '@shrinkly/contract';
import type { Clock } from '../../common/clock.js';
import type { AdminAuditRepository } from './admin-audit.repository.js';

export const AUDIT_LIST_LIMIT = 200;

export type AdminAction = AdminAuditEntry['action'];

/** How an API key shows in the trail: its owner's id and the key's prefix. */
export function apiKeyTarget(userId: string, prefix: string): string {
  return `${userId} ${prefix}`;
}

/** The administrators' audit trail: what each did, to whom, when and from where. */
export class AdminAuditService {
  constructor(
    private readonly entries: AdminAuditRepository,
    private readonly clock: Clock,
  ) {}

  /** Records an action; `by` is the administrator, or (with no id) a user acting on their own API keys. */
  async record(
    by: { id: string | null; email: string },
    action: AdminAction,
    target: string | null,
    clientAddress: string,
  ): Promise<void> {
    await this.entries.record({
      adminId: by.id,
      adminEmail: by.email,
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
