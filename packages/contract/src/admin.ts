import { z } from 'zod';
import { planSchema, subscriptionStatusSchema } from './auth.js';

/** Admin user list paging (ADM-14, VAL-20): server-side search by name or email, case-insensitive. */
export const ADMIN_USERS_PAGE_SIZE = 50;
export const ADMIN_USERS_MAX_PAGE_SIZE = 200;

export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(254).optional().describe('part of a name or email, any case'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_USERS_MAX_PAGE_SIZE).default(ADMIN_USERS_PAGE_SIZE),
});

/**
 * One client account as staff see it (SPEC.md §3 "Admin user record", plus plan, status, limits and counts). The
 * plan follows SPEC: Premium if subscribed, else Trial if the trial is active, else Free. Never a password hash,
 * token version, card token or reset token.
 */
export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  plan: planSchema,
  isSubscribed: z.boolean(),
  isTrialActive: z.boolean(),
  trialEndDate: z.string().nullable(),
  subscriptionStatus: subscriptionStatusSchema,
  subscriptionStartDate: z.string().nullable(),
  storageUsed: z.number().int().describe('bytes'),
  storageLimit: z.number().int().describe('bytes'),
  filesCount: z.number().int(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema),
  /** Accounts matching the search, over all pages. */
  total: z.number().int(),
  /** Premium accounts among all accounts (the dashboard's counter), whatever the search. */
  premiumUsers: z.number().int(),
  /** All accounts, whatever the search. */
  allUsers: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const REVENUE_PERIODS = ['daily', 'weekly', 'monthly', 'annually'] as const;
export type RevenuePeriod = (typeof REVENUE_PERIODS)[number];

/** A period's revenue; each granularity's row names its period (in UTC) under its own key, newest first. */
const revenueFigures = {
  amount: z.number().describe('USD, charges minus refunds'),
  transactions: z.number().int().describe('succeeded charges and refunds alike'),
};

export const revenueDaySchema = z.object({ date: z.string().describe('the UTC day, e.g. 2026-11-25'), ...revenueFigures });
export const revenueWeekSchema = z.object({
  week: z.string().describe('the ISO week from Monday 00:00 UTC, numbered in its ISO year, e.g. 2026-W48'),
  ...revenueFigures,
});
export const revenueMonthSchema = z.object({
  month: z.string().describe('the UTC calendar month, e.g. 2026-11'),
  ...revenueFigures,
});
export const revenueYearSchema = z.object({ year: z.string().describe('the UTC calendar year, e.g. 2026'), ...revenueFigures });

/** GET /api/admin/revenue: the current period's total per granularity, and every period with revenue, newest first. */
export const revenueSchema = z.object({
  totals: z
    .object({ daily: z.number(), weekly: z.number(), monthly: z.number(), annually: z.number() })
    .describe('USD in the current UTC day, ISO week, month and year'),
  daily: z.array(revenueDaySchema).describe('every day with revenue, newest first'),
  weekly: z.array(revenueWeekSchema).describe('every ISO week with revenue, newest first'),
  monthly: z.array(revenueMonthSchema).describe('every month with revenue, newest first'),
  annually: z.array(revenueYearSchema).describe('every year with revenue, newest first'),
});
export type Revenue = z.infer<typeof revenueSchema>;
/** One granularity's row: `RevenueRow<'weekly'>` is `{ week, amount, transactions }`; `RevenueRow` is any of them. */
export type RevenueRow<P extends RevenuePeriod = RevenuePeriod> = Revenue[P][number];

/** A row's period, whatever its granularity: '2026-11-25', '2026-W48', '2026-11' or '2026'. */
export function revenuePeriodOf(row: RevenueRow): string {
  if ('date' in row) return row.date;
  if ('week' in row) return row.week;
  if ('month' in row) return row.month;
  return row.year;
}

/** What the audit trail records: the administrators' actions, and API keys made or revoked (by their owner or staff). */
export const ADMIN_ACTIONS = [
  'sign-in',
  'reset-password',
  'terminate',
  'export-users',
  'export-revenue',
  'create-api-key',
  'revoke-api-key',
] as const;
export const adminAuditEntrySchema = z.object({
  id: z.string(),
  admin: z.string().describe("who did it: the administrator's email, or the user's for their own API keys"),
  action: z.enum(ADMIN_ACTIONS),
  target: z.string().nullable().describe("the user id acted on (and the API key's prefix), or the export's list"),
  at: z.string(),
  clientAddress: z.string().nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

/** POST /api/admin/exports: an export made in the browser, recorded in the audit trail. */
export const adminExportRequestSchema = z.object({ list: z.enum(['users', 'revenue']) });

/** The users CSV's header row, as the admin panel exports it (CONST-28). */
export const USERS_CSV_COLUMNS = [
  'ID',
  'Name',
  'Email',
  'Account Type',
  'Trial Active',
  'Trial End Date',
  'Subscription Start',
  'Storage Used (MB)',
  'Created At',
] as const;

/** The revenue CSV's header row (CONST-29). */
export const REVENUE_CSV_COLUMNS = ['Period', 'Date/Range', 'Revenue (USD)', 'Transactions'] as const;
