import { z } from 'zod';
import { planSchema, subscriptionStatusSchema } from './auth.js';

/** Admin user list paging (SPEC section 4 "Admin"): server-side search by name or email, case-insensitive. */
export const ADMIN_USERS_PAGE_SIZE = 50;
export const ADMIN_USERS_MAX_PAGE_SIZE = 200;

export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(254).optional().describe('part of a name or email, any case'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_USERS_MAX_PAGE_SIZE).default(ADMIN_USERS_PAGE_SIZE),
});

/**
 * One client account as staff see it (SPEC section 3 "Admin user record", plus plan, status, limits and counts). The
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

export const revenueRowSchema = z.object({
  period: z.string().describe('UTC: 2026-11-25 (day), 2026-W48 (ISO week), 2026-11 (month), 2026 (year)'),
  transactions: z.number().int(),
  amount: z.number().describe('USD, charges minus refunds'),
});
export type RevenueRow = z.infer<typeof revenueRowSchema>;

/** GET /api/admin/revenue: the current period's total per granularity, and every period with revenue, newest first. */
export const revenueSchema = z.object({
  totals: z.object({ daily: z.number(), weekly: z.number(), monthly: z.number(), annually: z.number() }),
  periods: z.object({
    daily: z.array(revenueRowSchema),
    weekly: z.array(revenueRowSchema),
    monthly: z.array(revenueRowSchema),
    annually: z.array(revenueRowSchema),
  }),
});
export type Revenue = z.infer<typeof revenueSchema>;

export const ADMIN_ACTIONS = ['sign-in', 'reset-password', 'terminate', 'export-users', 'export-revenue'] as const;
export const adminAuditEntrySchema = z.object({
  id: z.string(),
  admin: z.string().describe('the administrator\'s email'),
  action: z.enum(ADMIN_ACTIONS),
  target: z.string().nullable().describe('the user id acted on, or the export\'s list'),
  at: z.string(),
  clientAddress: z.string().nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

/** POST /api/admin/exports: an export made in the browser, recorded in the audit trail. */
export const adminExportRequestSchema = z.object({ list: z.enum(['users', 'revenue']) });
