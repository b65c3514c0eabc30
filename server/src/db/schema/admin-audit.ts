import { ADMIN_ACTIONS } from '@shrinkly/contract';
import { bigserial, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { admins } from './admins.js';
import { moment, rowId } from './columns.js';

/**
 * The administrators' audit trail: who did what to whom, when and from where. The administrator's email is stored
 * with the row, so an entry still names its author after that administrator is gone.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: rowId(),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    action: text('action', { enum: ADMIN_ACTIONS }).notNull(),
    /** The user id acted on, or the list exported; null for a sign-in. */
    target: text('target'),
    clientAddress: text('client_address'),
    at: moment('at').notNull().defaultNow(),
    /** Insertion order, so entries of the same instant still list newest first. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('admin_audit_seq_idx').on(t.seq)],
);

export type AdminAuditRow = typeof adminAudit.$inferSelect;
